import { countTokens } from '../../protocol/token-count.js';
import { loadTokenizer } from '../../protocol/tokenizer.js';
import type { IrChatRequest, IrCompletionRequest, IrEmbeddingRequest, IrRerankRequest } from '../../protocol/ir/index.js';

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

/** Number of o200k tokens in a text (generated text, bounded by the output limit; inputs use the async counts below). */
export function countTextTokens(text: string): number {
  return encodeText(text).length;
}

/**
 * Prompt tokens of a chat request, counted the way OpenAI does: every message's text plus a fixed
 * per-message overhead, images at a flat price, tool definitions as their JSON text. Inputs are
 * the caller's and may be huge: they are counted in slices of the event loop (`protocol/token-count.ts`),
 * where counting 100,000 characters here held every other request for seconds.
 */
export async function countChatPromptTokens(request: IrChatRequest): Promise<number> {
  let fixed = REPLY_PRIMING_TOKENS;
  const texts: string[] = [];
  for (const message of request.messages ?? []) {
    fixed += MESSAGE_OVERHEAD_TOKENS;
    for (const part of message.content ?? []) {
      if (part.type === 'image') fixed += IMAGE_TOKENS;
      else if (part.type === 'tool-call') texts.push(part.name, part.arguments);
      else texts.push(part.text);
    }
  }
  for (const tool of request.tools ?? []) texts.push(JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.parameters }));
  return fixed + (await countTokens(texts));
}

/** Prompt tokens of a completion request: every prompt, plus the suffix once per prompt. */
export async function countCompletionPromptTokens(request: IrCompletionRequest): Promise<number> {
  const prompts = request.prompt === undefined || request.prompt.length === 0 ? [''] : request.prompt;
  const suffix = request.suffix ? await countTokens([request.suffix]) : 0;
  return (await countTokens(prompts)) + suffix * prompts.length;
}

/** Input tokens of an embeddings request: the texts' tokens, and token-id arrays by their length. */
export async function countEmbeddingInputTokens(request: IrEmbeddingRequest): Promise<number> {
  const input = request.input ?? [];
  const ids = input.reduce<number>((sum, item) => sum + (typeof item === 'string' ? 0 : item.length), 0);
  return ids + (await countTokens(input.filter((item) => typeof item === 'string')));
}

/** Input tokens of a rerank request: the query once per document, plus every document. */
export async function countRerankInputTokens(request: IrRerankRequest): Promise<number> {
  const documents = request.documents ?? [];
  if (documents.length === 0) return 0;
  return (await countTokens([request.query ?? ''])) * documents.length + (await countTokens(documents));
}
