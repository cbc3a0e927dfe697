import type { IrChoice } from '../../ir/index.js';

/** Creates item ids (`msg_…`, `fc_…`, `rs_…`) unique within one response. */
export type ItemIdFactory = (prefix: 'msg' | 'fc' | 'rs') => string;

/** A `message` output item with one `output_text` part. */
export function messageItem(id: string, text: string, status: 'in_progress' | 'completed' | 'incomplete'): Record<string, unknown> {
  const content = status === 'in_progress' ? [] : [outputTextPart(text)];
  return { type: 'message', id, role: 'assistant', status, content };
}

/** An `output_text` content part. */
export function outputTextPart(text: string): Record<string, unknown> {
  return { type: 'output_text', text, annotations: [], logprobs: [] };
}

/** A `function_call` output item; `call_id` is what `function_call_output` echoes. */
export function functionCallItem(id: string, callId: string, name: string, args: string, status: 'in_progress' | 'completed' | 'incomplete'): Record<string, unknown> {
  return { type: 'function_call', id, call_id: callId, name, arguments: args, status };
}

/** A `reasoning` output item; an upstream signature travels in `encrypted_content` so it can be echoed back. */
export function reasoningItem(id: string, text: string, signature: string | undefined): Record<string, unknown> {
  return { type: 'reasoning', id, summary: [], content: [{ type: 'reasoning_text', text }], ...(signature ? { encrypted_content: signature } : {}) };
}

/** Encode a choice's parts as output items: reasoning, then one message for all text, then function calls. */
export function encodeOutputItems(choice: IrChoice | undefined, nextId: ItemIdFactory): Record<string, unknown>[] {
  const parts = choice?.content ?? [];
  const items: Record<string, unknown>[] = [];
  for (const part of parts) if (part.type === 'reasoning') items.push(reasoningItem(nextId('rs'), part.text, part.signature));
  const text = parts.filter((p) => p.type === 'text').map((p) => p.text).join('');
  if (text !== '') items.push(messageItem(nextId('msg'), text, 'completed'));
  for (const part of parts) if (part.type === 'tool-call') items.push(functionCallItem(nextId('fc'), part.id, part.name, part.arguments, 'completed'));
  return items;
}
