import type { IrReasoningEffort } from '../../protocol/ir/index.js';
import { createSeededRandom, pickInt, type SeedPart } from './seeded-random.js';

/** What makes two generations of the same prompt differ: the choice index, seed and temperature. */
export interface SimVariation {
  /** Choice index (0 for the first choice). */
  readonly choice: number;
  readonly seed?: number | undefined;
  readonly temperature?: number | undefined;
}

/** Characters of the prompt quoted at the start of a reply. */
export const QUOTE_CHARS = 60;

// Filler is fixed prose so replies read like text and tokenise like text; which sentences appear is
// decided by a PRNG seeded from the prompt and the variation.
const FILLER = [
  'This answer comes from the built-in simulator.',
  'No language model was involved in writing it.',
  'The text is chosen deterministically from the request.',
  'Sending the same request again returns the same words.',
  'Each sentence is picked from a short fixed list.',
  'It exists so that the gateway can be tested offline.',
  'Token counts are real, measured with the o200k tokenizer.',
  'Streaming splits this text into one delta per word.',
  'Usage is reported exactly as a real upstream would.',
  'A different seed picks different sentences.',
  'Billing, limits and logs all see ordinary traffic.',
  'Nothing here should be read as advice.',
  'The simulator also knows how to call tools.',
  'Ask for JSON and it will answer in JSON.',
  'Limits on output length are honoured to the token.',
  'That is all there is to say about it.',
] as const;

const THOUGHTS = [
  'The user wants a short answer.',
  'I should check what the question asks for.',
  'A simulated reply will do here.',
  'Nothing in the request needs a tool.',
  'I will keep the answer brief and plain.',
  'There is no hidden state to consider.',
] as const;

/** Reasoning sentences per effort level, so higher effort costs more tokens. */
const THOUGHTS_PER_EFFORT: Record<IrReasoningEffort, number> = { none: 0, minimal: 1, low: 2, medium: 3, high: 4 };

/**
 * The first `max` characters (code points) of a text on one line (whitespace runs as one space,
 * none at the start). Reads only as far as it needs: prompts may be 100,000 characters, and
 * splitting all of them into an array held the event loop for 15-30 ms per request.
 */
export function clipText(text: string, max: number): string {
  let out = '';
  let count = 0;
  let space = false;
  for (const char of text) {
    if (count >= max) break;
    if (WHITESPACE.test(char)) {
      space = out !== '';
      continue;
    }
    if (space) {
      out += ' ';
      space = false;
      if (++count >= max) break;
    }
    out += char;
    count++;
  }
  return out;
}

const WHITESPACE = /\s/;

/** Seed parts for a prompt and variation; temperature and seed only count when set. */
function seedParts(kind: string, prompt: string, variation: SimVariation): SeedPart[] {
  return [kind, prompt, variation.choice, variation.seed, variation.temperature];
}

/** `count` distinct sentences drawn from `list` (a partial Fisher-Yates shuffle). */
function drawSentences(random: () => number, list: readonly string[], count: number): string[] {
  const pool = [...list];
  const out: string[] = [];
  while (out.length < count && pool.length > 0) {
    const [sentence = ''] = pool.splice(pickInt(random, 0, pool.length - 1), 1);
    out.push(sentence);
  }
  return out;
}

/** The natural (unlimited) reply to a user message: a quote of it, an image note, then 2-5 filler sentences. */
export function generateReplyText(prompt: string, imageCount: number, variation: SimVariation): string {
  const random = createSeededRandom(seedParts('reply', prompt, variation));
  const parts = [`Simulated reply to: "${clipText(prompt, QUOTE_CHARS)}".`];
  if (imageCount > 0) parts.push(`I see ${imageCount} image${imageCount === 1 ? '' : 's'}.`);
  parts.push(...drawSentences(random, FILLER, pickInt(random, 2, 5)));
  return parts.join(' ');
}

/** The reasoning paragraph for a prompt: longer for higher effort; '' for effort 'none'. */
export function generateReasoningText(prompt: string, effort: IrReasoningEffort, variation: SimVariation): string {
  const count = THOUGHTS_PER_EFFORT[effort] ?? THOUGHTS_PER_EFFORT.medium;
  if (count === 0) return '';
  const random = createSeededRandom(seedParts('reasoning', prompt, variation));
  return [`Thinking about: "${clipText(prompt, QUOTE_CHARS)}".`, ...drawSentences(random, THOUGHTS, count)].join(' ');
}

/**
 * The natural continuation of a raw prompt: 2-4 filler sentences, starting with a space unless the
 * prompt already ends in whitespace. With a suffix (fill-in-the-middle) it ends with whatever
 * whitespace joins it to the suffix, so prompt + text + suffix reads as one text.
 */
export function generateContinuation(prompt: string, suffix: string | undefined, variation: SimVariation): string {
  const random = createSeededRandom(seedParts('continuation', `${prompt}\u0000${suffix ?? ''}`, variation));
  const lead = prompt === '' || /\s$/.test(prompt) ? '' : ' ';
  const body = drawSentences(random, FILLER, pickInt(random, 2, 4)).join(' ');
  if (suffix === undefined || suffix === '') return `${lead}${body}`;
  const bridge = /^[\s.,;:!?)\]}]/.test(suffix) ? '' : ' ';
  return `${lead}${body}${bridge}`;
}
