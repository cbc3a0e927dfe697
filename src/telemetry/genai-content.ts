import { isJsonObject, safeParseJson } from '../core/json.js';

/** One message in the GenAI semantic conventions' shape (`gen_ai.input.messages`, `gen_ai.output.messages`). */
export interface GenAiMessage {
  readonly role: string;
  readonly parts: readonly { readonly type: string; readonly content?: string }[];
  readonly finish_reason?: string;
}

/** The prompt of a request body (chat `messages`, Responses `input`, legacy `prompt`), or null when it has none. */
export function inputMessages(body: unknown): GenAiMessage[] | null {
  if (!isJsonObject(body)) return null;
  if (typeof body.prompt === 'string') return [{ role: 'user', parts: [{ type: 'text', content: body.prompt }] }];
  if (typeof body.input === 'string' && body.messages === undefined) return [{ role: 'user', parts: [{ type: 'text', content: body.input }] }];
  const list = Array.isArray(body.messages) ? body.messages : Array.isArray(body.input) ? body.input : null;
  if (list === null) return null;
  const out: GenAiMessage[] = [];
  if (typeof body.system === 'string') out.push({ role: 'system', parts: [{ type: 'text', content: body.system }] });
  for (const message of list) {
    if (!isJsonObject(message)) continue;
    out.push({ role: typeof message.role === 'string' ? message.role : 'user', parts: partsOf(message.content) });
  }
  return out;
}

/** The generated text of an answer read whole: an IR response, or the upstream's JSON text (OpenAI or Anthropic shape). */
export function outputMessages(answer: unknown): GenAiMessage[] | null {
  if (!isJsonObject(answer)) return null;
  if (typeof answer.text === 'string') {
    const parsed = safeParseJson(answer.text);
    return parsed.ok ? outputMessages(parsed.value) : null;
  }
  if (Array.isArray(answer.choices)) {
    return answer.choices.filter(isJsonObject).map((choice) => {
      const message = isJsonObject(choice.message) ? choice.message : null;
      const text = typeof choice.text === 'string' ? choice.text : message !== null ? textOf(message.content) : textOf(choice.content);
      const reason = choice.finish_reason ?? choice.finishReason;
      return { role: 'assistant', parts: [{ type: 'text', content: text }], ...(typeof reason === 'string' ? { finish_reason: reason } : {}) };
    });
  }
  if (Array.isArray(answer.content)) {
    const reason = answer.stop_reason;
    return [{ role: 'assistant', parts: [{ type: 'text', content: textOf(answer.content) }], ...(typeof reason === 'string' ? { finish_reason: reason } : {}) }];
  }
  return null;
}

function partsOf(content: unknown): { type: string; content?: string }[] {
  if (typeof content === 'string') return [{ type: 'text', content }];
  if (!Array.isArray(content)) return [];
  // Text is kept; images, audio and files are named by type only.
  return content.filter(isJsonObject).map((part) => {
    const text = typeof part.text === 'string' ? part.text : null;
    return text !== null ? { type: 'text', content: text } : { type: typeof part.type === 'string' ? part.type : 'unknown' };
  });
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.filter(isJsonObject).map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
}
