import { describe, expect, it } from 'vitest';
import { loadTokenizer } from '../protocol/tokenizer.js';
import { countInSlices, estimateTokens, segmentText } from './estimate-tokens.js';

const WORDS = 'the quick brown fox jumps over a lazy dog while 17 zebras calculate, "quietly";  then\nnewlines   and spaces'.split(' ');
const prose = (chars: number) => {
  let text = '';
  for (let i = 0; text.length < chars; i += 1) text += `${WORDS[(i * 7) % WORDS.length]} `;
  return text.slice(0, chars);
};

describe('estimateTokens', () => {
  it('should count prose exactly as the tokenizer does on the whole text, on the thread and on the main thread', async () => {
    const text = prose(20_000);
    // Before anything loads the tokenizer on this thread, counts go to the tokenizer thread.
    const counted = await estimateTokens([text]);
    const whole = loadTokenizer().countTokens(text);
    expect(counted).toBe(whole);
    expect(await countInSlices([text])).toBe(whole);
  });

  it('should cut long texts into bounded segments that add back up to the text', () => {
    const text = `${prose(3_000)}${'a'.repeat(1_000)}${prose(500)}`;
    const pieces = [...segmentText(text)];
    expect(pieces.join('')).toBe(text);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(256);
  });

  it('should cut a text of millions of characters without a space in linear time, on the thread as on the main thread', async () => {
    // Each cut used to look for a space back to the text's start: 8 MB took minutes, in one call.
    const run = 'x'.repeat(8_000_000);
    const pieces = [...segmentText(run)];
    expect(pieces).toHaveLength(8_000_000 / 256);
    expect(pieces.every((piece) => piece.length === 256)).toBe(true);
    // The thread cuts the same way: a 2 MB run (with its only spaces at the start) is counted in seconds.
    const text = `a b ${'x'.repeat(2_000_000)}`;
    expect(await estimateTokens([text])).toBe(await countInSlices([text]));
  }, 30_000);

  it('should count a 100,000-character run without spaces (quadratic in one piece) as the tokenizer would, within one token per cut', async () => {
    // 'a' x 8 is one o200k token: 100,000 a's are 12,500 tokens in one piece (44 s in one call).
    expect(await estimateTokens(['a'.repeat(100_000)])).toBe(12_500);
    expect(await countInSlices(['a'.repeat(100_000)])).toBe(12_500);
  });

  it('should let other work run while a huge text is counted', async () => {
    await estimateTokens(['warm up: the tokenizer loads once, holding the loop']);
    // Turns of the event loop during the count, and the longest time it was held between two.
    let turns = 0;
    let longestHold = 0;
    let counting = true;
    let last = performance.now();
    const turn = () => {
      const now = performance.now();
      longestHold = Math.max(longestHold, now - last);
      last = now;
      turns += 1;
      if (counting) setImmediate(turn);
    };
    setImmediate(turn);
    // ~120,000 tokens of prose and a 150,000-character run: many slices of counting on any machine.
    // (A third of this took 12 ms on a quick box, and a CI run there saw 2 turns: a process
    // descheduled between slices holds the loop for several slices' time.)
    const started = performance.now();
    await estimateTokens([prose(600_000) + 'x'.repeat(150_000)]);
    const took = performance.now() - started;
    counting = false;
    // Counted in one go, the loop would turn at most twice and be held for the whole count; in
    // slices (or on the tokenizer thread) it turns in between. The bound on the longest hold leaves
    // room for a busy machine that deschedules the process for a while: CI once saw a 38 ms hold in
    // a 71 ms count, with the load average at 12.
    expect(turns).toBeGreaterThan(2);
    expect(longestHold).toBeLessThan(took * 0.9);
  });

  it('should count special-token text as ordinary text instead of failing', async () => {
    expect(await estimateTokens(['hi <|endoftext|> there'])).toBe(9);
    expect(await countInSlices(['hi <|endoftext|> there'])).toBe(9);
  });

  it('should add up several texts and skip empty ones', async () => {
    expect(await estimateTokens([])).toBe(0);
    expect(await estimateTokens(['', 'hello world', 'hello world'])).toBe(4);
  });
});
