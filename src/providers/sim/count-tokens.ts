import { loadTokenizer } from '../../protocol/tokenizer.js';
import type { IrChatRequest, IrMessage } from '../../protocol/ir/index.js';

/** Tokens OpenAI adds around every chat message (role and separators). */
export const MESSAGE_OVERHEAD_TOKENS = 3;
/** Tokens OpenAI adds once per conversation to prime the assistant's reply. */
export const REPLY_PRIMING_TOKENS = 3;
/** Flat cost of one image part (OpenAI's low-detail price). */
export const IMAGE_TOKENS = 85;

// Special-token text such as `<|endoftext|>` in user input is ordinary text to us; the tokenizer's
// default would throw on it.
const ENCODE_OPTIONS = { disallowedSpecial: new Set<string>() };

/** The o200k token ids of a text. */
export function encodeText(text: string): number[] {
  return text === '' ? [] : loadTokenizer().encode(text, ENCODE_OPTIONS);
}

/** The text of some o200k token ids. */
export function decodeTokens(tokens: readonly number[]): string {
  return loadTokenizer().decode(tokens);
}

/** Number of o200k tokens in a text. */
export function countTextTokens(text: string): number {
  return encodeText(text).length;
}

/**
 * Prompt tokens of a chat request, counted the way OpenAI does: every message's text plus a fixed
 * per-message overhead, images at a flat price, tool definitions as their JSON text.
 */
export function countChatPromptTokens(request: IrChatRequest): number {
  let total = REPLY_PRIMING_TOKENS;
  for (const message of request.messages ?? []) total += MESSAGE_OVERHEAD_TOKENS + countMessageTokens(message);
  for (const tool of request.tools ?? []) {
    total += countTextTokens(JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.parameters }));
  }
  return total;
}

/** Tokens of one message's parts. */
function countMessageTokens(message: IrMessage): number {
  let total = 0;
  for (const part of message.content ?? []) {
    if (part.type === 'image') total += IMAGE_TOKENS;
    else if (part.type === 'tool-call') total += countTextTokens(part.name) + countTextTokens(part.arguments);
    else total += countTextTokens(part.text);
  }
  return total;
}
