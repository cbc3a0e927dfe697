import { describe, expect, it } from 'vitest';
import { modelSnippets } from './model-snippets';
import { searchModels } from './search-models';

const models = [
  { id: 'openai/gpt-4o-mini', name: 'GPT-4o mini', aliases: ['gpt-4o-mini'], kind: 'chat' },
  { id: 'openai/gpt-4o', name: 'GPT-4o', aliases: ['gpt-4o'], kind: 'chat' },
  { id: 'openai/text-embedding-3-small', name: 'text-embedding-3-small', aliases: [], kind: 'embedding' },
];

describe('searchModels', () => {
  it('should keep models matching every word, in any field, ignoring case', () => {
    expect(searchModels(models, '4O Mini').map((m) => m.id)).toEqual(['openai/gpt-4o-mini']);
    expect(searchModels(models, 'embedding').map((m) => m.id)).toEqual(['openai/text-embedding-3-small']);
    expect(searchModels(models, '  ')).toHaveLength(3);
    expect(searchModels(models, 'claude')).toEqual([]);
  });
});

describe('modelSnippets', () => {
  it('should fill in the base URL, the model id and the key placeholder', () => {
    const [openai, anthropic, curl] = modelSnippets('https://gw.example', 'openai/gpt-4o', 'chat');
    expect(openai!.code).toContain("baseURL: 'https://gw.example/v1'");
    expect(openai!.code).toContain('model: "openai/gpt-4o"');
    expect(anthropic!.code).toContain("baseURL: 'https://gw.example'");
    expect(curl!.code).toContain("curl https://gw.example/v1/chat/completions");
    expect(curl!.code).toContain("Authorization: Bearer sk-tf-...");
  });

  it('should show embeddings calls for an embedding model, and no anthropic snippet', () => {
    expect(modelSnippets('http://h', 'x/e', 'embedding').map((s) => s.id)).toEqual(['openai', 'curl']);
  });
});
