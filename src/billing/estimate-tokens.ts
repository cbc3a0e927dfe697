import { loadTokenizer } from '../protocol/tokenizer.js';

/**
 * Estimate the tokens of some texts with the o200k tokenizer. Used only when an upstream reports no
 * usage (a broken stream, a server that sends none); such records say `usage_source: estimated`.
 */
export function estimateTokens(texts: readonly string[]): number {
  let total = 0;
  for (const text of texts) if (text !== '') total += loadTokenizer().countTokens(text);
  return total;
}

/** Estimate the prompt tokens of chat messages: their texts plus OpenAI's 3-token framing per message. */
export function estimateChatPromptTokens(messages: readonly { content?: unknown }[]): number {
  let total = 3;
  for (const m of messages) total += 3 + estimateTokens(collectText(m.content));
  return total;
}

/** All strings inside a message content value (string or parts). */
function collectText(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  const out: string[] = [];
  for (const part of content) {
    if (typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string') {
      out.push((part as { text: string }).text);
    }
  }
  return out;
}

/**
 * Estimate the output tokens of text delivered in pieces (stream deltas) as the one text they form:
 * where the upstream splits its chunks must not change the bill ("one ", "two ", "three " is 4
 * tokens joined, 6 counted piece by piece).
 */
export function estimateDeliveredTokens(pieces: readonly string[]): number {
  return estimateTokens([pieces.join('')]);
}
