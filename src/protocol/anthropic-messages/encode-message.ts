import { isJsonObject, safeParseJson } from '../../core/json.js';
import type { IrChatResponse } from '../ir/index.js';
import type { MessagesUsageBody } from './encode-usage.js';
import { mapStopReason } from './map-stop-reason.js';

/** Identity of the message being encoded. */
export interface MessageMeta {
  /** `msg_…` id. */
  readonly id: string;
  /** The model name reported to the client. */
  readonly model: string;
}

/** Encode choice 0 of an IR chat response as an Anthropic `message` object (wire-formats §5.3, `Message` of @anthropic-ai/sdk 1.12.0). */
export function encodeMessage(response: IrChatResponse, meta: MessageMeta, usage: MessagesUsageBody): Record<string, unknown> {
  const choice = response.choices[0];
  const content = (choice?.content ?? []).map((part) => {
    // No `citations` key when there are none, as the API answers: strict clients (@ai-sdk/anthropic)
    // reject `citations: null` in a message (the stream's content_block_start does carry it).
    if (part.type === 'text') return { type: 'text', text: part.text };
    if (part.type === 'reasoning') return { type: 'thinking', thinking: part.text, signature: part.signature ?? '' };
    return { type: 'tool_use', id: part.id, name: part.name, input: parseInput(part.arguments), caller: DIRECT_CALLER };
  });
  return {
    id: meta.id,
    type: 'message',
    role: 'assistant',
    model: meta.model,
    content,
    stop_reason: choice ? mapStopReason(choice.finishReason, choice.rawFinishReason, choice.stopSequence) : 'end_turn',
    stop_sequence: choice?.stopSequence ?? null,
    ...NOTHING_APPLIES,
    usage,
  };
}

/** `caller` of a `tool_use` block the model called itself (not a server tool). */
export const DIRECT_CALLER = { type: 'direct' } as const;

/**
 * Message fields the SDK (1.12.0) declares non-optional, with the values the API sends when they do
 * not apply: no code-execution container, no refusal details, no cache diagnostics.
 */
export const NOTHING_APPLIES = { container: null, stop_details: null, diagnostics: null } as const;

/** Tool-call arguments are JSON text in the IR; Anthropic's `input` is an object (`{}` when unparsable). */
export function parseInput(text: string): Record<string, unknown> {
  const parsed = safeParseJson(text === '' ? '{}' : text);
  return parsed.ok && isJsonObject(parsed.value) ? parsed.value : {};
}
