import { countTextTokens, decodeTokens, encodeText } from './count-tokens.js';

/** Output tokens allowed when a request sets no `maxOutputTokens`. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 64;

/** Generated text after the token limit and stop sequences were applied. */
export interface LimitedText {
  readonly text: string;
  /** o200k tokens of `text`. */
  readonly tokens: number;
  /** `length` when the limit cut the text, else `stop`. */
  readonly finishReason: 'stop' | 'length';
  /** The stop sequence that ended the text, or null. */
  readonly stopSequence: string | null;
}

/** Normalise a requested token limit: a non-negative integer, default {@link DEFAULT_MAX_OUTPUT_TOKENS}. */
export function resolveMaxTokens(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested)) return DEFAULT_MAX_OUTPUT_TOKENS;
  return Math.max(0, Math.floor(requested));
}

/**
 * Apply a token limit, then stop sequences, to a natural text. The limit is applied first because a
 * stop sequence that would only have appeared after the limit was never generated.
 */
export function limitOutput(text: string, maxTokens: number, stop: readonly string[] = []): LimitedText {
  const cut = cutToTokens(text, maxTokens);
  const found = findStop(cut.text, stop);
  if (found !== null) {
    const stopped = cut.text.slice(0, found.index);
    return { text: stopped, tokens: countTextTokens(stopped), finishReason: 'stop', stopSequence: found.sequence };
  }
  return { text: cut.text, tokens: cut.tokens, finishReason: cut.truncated ? 'length' : 'stop', stopSequence: null };
}

/** The longest prefix of `text` whose re-encoding fits `maxTokens`. */
function cutToTokens(text: string, maxTokens: number): { text: string; tokens: number; truncated: boolean } {
  const tokens = encodeText(text);
  if (tokens.length <= maxTokens) return { text, tokens: tokens.length, truncated: false };
  // Decoding a prefix can end inside a multi-byte character (shown as U+FFFD) and re-encoding can
  // merge differently, so shrink until the visible text really fits.
  for (let keep = maxTokens; keep > 0; keep--) {
    const prefix = decodeTokens(tokens.slice(0, keep)).replace(/\uFFFD+$/, '');
    const count = countTextTokens(prefix);
    if (count <= maxTokens) return { text: prefix, tokens: count, truncated: true };
  }
  return { text: '', tokens: 0, truncated: true };
}

/** The earliest occurrence of any non-empty stop sequence; ties go to the first listed. */
function findStop(text: string, stop: readonly string[]): { index: number; sequence: string } | null {
  let best: { index: number; sequence: string } | null = null;
  for (const sequence of stop) {
    if (typeof sequence !== 'string' || sequence === '') continue;
    const index = text.indexOf(sequence);
    if (index >= 0 && (best === null || index < best.index)) best = { index, sequence };
  }
  return best;
}
