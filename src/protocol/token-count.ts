import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { loadTokenizer, tokenizerOnMainThread } from './tokenizer.js';
import { SEGMENT_CHARS, TokenizerThread } from './tokenizer-thread.js';

const thread = new TokenizerThread();

/** Special-token text such as `<|endoftext|>` in a prompt is ordinary text; the tokenizer's default would throw. */
const COUNT_OPTIONS = { disallowedSpecial: new Set<string>() };

/** Longest the event loop is held between yields while counting, ms: other requests run in between. */
const SLICE_MS = 2;

/**
 * Pieces of at most {@link SEGMENT_CHARS} characters whose counts add up to the text's. BPE merges
 * within one pre-token grow quadratically (100,000 `a`s took 44 s in one call, 256 take 0.3 ms), so
 * long texts are cut before a space where there is one (where o200k splits anyway: the count is
 * the same) and hard otherwise (at most one token off per cut, in runs without a space).
 */
export function* segmentText(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > SEGMENT_CHARS) {
    // The space is looked for in this segment's window only: `text.lastIndexOf(' ', end)` scans back
    // to the text's start, which made a long text without spaces quadratic (10 MB: minutes).
    const window = text.slice(start, start + SEGMENT_CHARS + 1);
    let cut = window.lastIndexOf(' ');
    // Cut before a space that follows a non-space, so a run of spaces stays whole.
    while (cut > 0 && /\s/.test(window[cut - 1]!)) cut = window.lastIndexOf(' ', cut - 1);
    cut = cut > 0 ? start + cut : start + SEGMENT_CHARS;
    yield text.slice(start, cut);
    start = cut;
  }
  if (start < text.length) yield text.slice(start);
}

/**
 * The o200k tokens of some texts, summed. One copy of the tokenizer per process, where it is
 * needed first:
 * - with a simulator configured, the main thread holds it (the simulator encodes its output with
 *   it), and counts run there in slices of about {@link SLICE_MS} ms, so `/health` and other
 *   requests are served in between; a round trip to a thread cost more than counting a prompt;
 * - otherwise only estimates need it (an upstream that reports no usage, message_start of a
 *   translated stream, count_tokens), and it loads and counts on the tokenizer thread: its 1-2 s
 *   load and a huge count never hold the event loop that relays held streams.
 * Without the thread (it died), counts run on the main thread in slices.
 */
export async function countTokens(texts: readonly string[]): Promise<number> {
  const present = texts.filter((text) => text !== '');
  if (present.length === 0) return 0;
  if (!tokenizerOnMainThread()) {
    const total = await thread.count(present);
    if (total !== null) return total;
  }
  return countInSlices(present);
}

/** Count on the main thread, yielding to the event loop every {@link SLICE_MS} ms. */
export async function countInSlices(texts: readonly string[]): Promise<number> {
  let total = 0;
  let sliceStart = performance.now();
  for (const text of texts) {
    if (text === '') continue;
    const tokenizer = loadTokenizer();
    for (const segment of segmentText(text)) {
      total += tokenizer.countTokens(segment, COUNT_OPTIONS);
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
    }
  }
  return total;
}
