/** A ready-to-paste example of calling one model. */
export interface ModelSnippet {
  readonly id: 'openai' | 'anthropic' | 'curl';
  readonly label: string;
  readonly code: string;
}

/** The key placeholder: the person pastes their own (keys are shown once, never stored here). */
export const KEY_PLACEHOLDER = 'sk-tf-...';

/**
 * Snippets for the openai and @anthropic-ai/sdk packages and curl, for a chat model served by the
 * gateway at `origin` (the Anthropic SDK adds `/v1` itself; the OpenAI one is given it).
 */
export function modelSnippets(origin: string, modelId: string, kind: string): ModelSnippet[] {
  const model = JSON.stringify(modelId);
  if (kind === 'embedding') {
    return [
      { id: 'openai', label: 'openai (Node)', code: `import OpenAI from 'openai';\n\nconst client = new OpenAI({ baseURL: '${origin}/v1', apiKey: '${KEY_PLACEHOLDER}' });\nconst result = await client.embeddings.create({ model: ${model}, input: 'Hello' });\nconsole.log(result.data[0].embedding.length);` },
      { id: 'curl', label: 'curl', code: `curl ${origin}/v1/embeddings \\\n  -H 'Authorization: Bearer ${KEY_PLACEHOLDER}' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"model": ${model}, "input": "Hello"}'` },
    ];
  }
  return [
    {
      id: 'openai',
      label: 'openai (Node)',
      code: `import OpenAI from 'openai';\n\nconst client = new OpenAI({ baseURL: '${origin}/v1', apiKey: '${KEY_PLACEHOLDER}' });\nconst completion = await client.chat.completions.create({\n  model: ${model},\n  messages: [{ role: 'user', content: 'Hello' }],\n});\nconsole.log(completion.choices[0].message.content);`,
    },
    {
      id: 'anthropic',
      label: '@anthropic-ai/sdk',
      code: `import Anthropic from '@anthropic-ai/sdk';\n\n// No /v1: the SDK adds it.\nconst client = new Anthropic({ baseURL: '${origin}', apiKey: '${KEY_PLACEHOLDER}' });\nconst message = await client.messages.create({\n  model: ${model},\n  max_tokens: 1024,\n  messages: [{ role: 'user', content: 'Hello' }],\n});\nconsole.log(message.content);`,
    },
    {
      id: 'curl',
      label: 'curl',
      code: `curl ${origin}/v1/chat/completions \\\n  -H 'Authorization: Bearer ${KEY_PLACEHOLDER}' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"model": ${model}, "messages": [{"role": "user", "content": "Hello"}]}'`,
    },
  ];
}
