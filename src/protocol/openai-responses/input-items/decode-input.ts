import { GatewayError } from '../../../core/errors.js';
import type { IrImagePart, IrMessage, IrReasoningPart, IrTextPart, IrToolCallPart } from '../../ir/index.js';
import type { ContentPart, InputItem } from './input-item-schema.js';

type AssistantPart = IrTextPart | IrToolCallPart | IrReasoningPart;

/**
 * Responses `input` → IR messages. A string is one user message. Assistant history (assistant
 * messages, `function_call` and `reasoning` items in a row) becomes one assistant message;
 * `function_call_output` becomes a `tool` message keyed by `call_id`.
 */
export function decodeInput(input: string | readonly InputItem[] | undefined): IrMessage[] {
  if (input === undefined) return [];
  if (typeof input === 'string') return [{ role: 'user', content: [{ type: 'text', text: input }] }];
  const out: IrMessage[] = [];
  let assistant: AssistantPart[] | null = null;
  const flush = (): void => {
    if (assistant !== null && assistant.length > 0) out.push({ role: 'assistant', content: assistant });
    assistant = null;
  };
  input.forEach((item, i) => {
    const param = `input[${i}]`;
    const parts = decodeAssistantItem(item, param);
    if (parts !== null) {
      assistant = [...(assistant ?? []), ...parts];
      return;
    }
    flush();
    out.push(decodeOtherItem(item, param));
  });
  flush();
  return out;
}

/** Parts for an assistant-side item, or null when the item is not one. */
function decodeAssistantItem(item: InputItem, param: string): AssistantPart[] | null {
  if (item.type === 'function_call') return [{ type: 'tool-call', id: item.call_id, name: item.name, arguments: item.arguments }];
  if (item.type === 'reasoning') {
    const text = [...(item.content ?? []), ...(item.summary ?? [])].map((p) => p.text).join('');
    return [{ type: 'reasoning', text, ...(item.encrypted_content ? { signature: item.encrypted_content } : {}) }];
  }
  if ((item.type === undefined || item.type === 'message') && 'role' in item && item.role === 'assistant') {
    const parts = typeof item.content === 'string' ? [{ type: 'output_text' as const, text: item.content }] : item.content;
    return parts.map((p, j) => asText(p, `${param}.content[${j}]`)).filter((p) => p.text !== '');
  }
  return null;
}

function decodeOtherItem(item: InputItem, param: string): IrMessage {
  if (item.type === 'function_call_output') {
    const content = typeof item.output === 'string' ? [{ type: 'text' as const, text: item.output }] : item.output.map((p, j) => userPart(p, `${param}.output[${j}]`));
    return { role: 'tool', toolCallId: item.call_id, content };
  }
  if ('role' in item && (item.type === undefined || item.type === 'message')) {
    if (item.role === 'system' || item.role === 'developer') {
      const parts = typeof item.content === 'string' ? [{ type: 'text' as const, text: item.content }] : item.content.map((p, j) => asText(p, `${param}.content[${j}]`));
      return { role: 'system', content: parts };
    }
    const content = typeof item.content === 'string' ? [{ type: 'text' as const, text: item.content }] : item.content.map((p, j) => userPart(p, `${param}.content[${j}]`));
    return { role: 'user', content };
  }
  throw new GatewayError('GW_UNSUPPORTED_PARAMETER', `Input items of type '${String(item.type)}' are not supported by this gateway.`, { param: `${param}.type` });
}

function userPart(part: ContentPart, param: string): IrTextPart | IrImagePart {
  if (part.type === 'input_image') {
    if (!part.image_url) throw new GatewayError('GW_UNSUPPORTED_PARAMETER', 'Images must be given as image_url (file_id is not supported).', { param });
    return { type: 'image', url: part.image_url, ...(part.detail ? { detail: part.detail } : {}) };
  }
  return asText(part, param);
}

function asText(part: ContentPart, param: string): IrTextPart {
  if (part.type === 'input_text' || part.type === 'output_text') return { type: 'text', text: part.text };
  if (part.type === 'refusal') return { type: 'text', text: part.refusal };
  throw new GatewayError('GW_UNSUPPORTED_PARAMETER', `Content parts of type '${part.type}' are not supported here.`, { param });
}
