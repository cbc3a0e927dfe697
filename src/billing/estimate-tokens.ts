import { countTokens } from '../protocol/token-count.js';

// Counting (segments, slices of the event loop) lives in protocol/ so the simulator can use it too.
export { countInSlices, segmentText } from '../protocol/token-count.js';

/**
 * Estimate the tokens of some texts with the o200k tokenizer. Used when an upstream reports no
 * usage (a broken stream, a server that sends none; such records say `usage_source: estimated`),
 * and by `count_tokens`. Counted in slices of the event loop (`protocol/token-count.ts`).
 */
export function estimateTokens(texts: readonly string[]): Promise<number> {
  return countTokens(texts);
}

/** Estimate the prompt tokens of chat messages: their texts plus OpenAI's 3-token framing per message. */
export async function estimateChatPromptTokens(messages: readonly { content?: unknown }[]): Promise<number> {
  let total = 3;
  for (const m of messages) total += 3 + (await estimateTokens(collectText(m.content)));
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
export function estimateDeliveredTokens(pieces: readonly string[]): Promise<number> {
  return estimateTokens([pieces.join('')]);
}
