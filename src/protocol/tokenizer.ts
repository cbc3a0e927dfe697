import { createRequire } from 'node:module';
import type * as GptTokenizer from 'gpt-tokenizer';

type Tokenizer = typeof GptTokenizer;

let tokenizer: Tokenizer | null = null;

/**
 * The o200k tokenizer, loaded on first use: its tables cost about 35 MiB of RSS (compacted), and a gateway
 * whose upstreams report usage never needs them. Loaded synchronously (the CommonJS build) on the
 * main thread, so encoding stays a plain function; the first use pays the load (1-2 s of the event
 * loop). Only the simulator encodes and decodes; estimates count through `token-count.ts`, which
 * uses this copy only where the simulator keeps one (see {@link keepTokenizerOnMainThread}).
 */
export function loadTokenizer(): Tokenizer {
  tokenizer ??= createRequire(import.meta.url)('gpt-tokenizer') as Tokenizer;
  return tokenizer;
}

let onMainThread = false;

/**
 * Say that this process encodes on the main thread (a simulator is configured): counting then uses
 * the main thread's copy too, and no counting thread loads a second one.
 */
export function keepTokenizerOnMainThread(): void {
  onMainThread = true;
}

/** Whether counts use the main thread's copy: a simulator keeps one, or it is loaded already. */
export function tokenizerOnMainThread(): boolean {
  return onMainThread || tokenizer !== null;
}
