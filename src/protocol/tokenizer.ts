import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import type * as GptEncodingModule from 'gpt-tokenizer/GptEncoding';

/**
 * The o200k ranks as JSON, written to dist/protocol/ by `npm run build`
 * (`scripts/build-tokenizer-ranks.mjs`); null where there is none (TypeScript source under vitest,
 * a dist/ built by tsc alone), and the package's JavaScript module of the same ranks is loaded.
 * The JSON costs ≈30 MiB less RSS once loaded: the module also keeps its 2.2 MB source text, its
 * array literals' boilerplate and their bytecode.
 */
export function o200kRanksFile(): string | null {
  // `../protocol/`: the same file from tsc's dist/protocol/ and from the bundle's dist/chunks/.
  const file = fileURLToPath(new URL('../protocol/o200k-ranks.json', import.meta.url));
  return existsSync(file) ? file : null;
}

let tokenizer: GptEncoding | null = null;

/**
 * The o200k tokenizer, loaded on first use: its tables cost about 20 MiB of RSS (compacted), and a gateway
 * whose upstreams report usage never needs them. Loaded synchronously (the CommonJS build) on the
 * main thread, so encoding stays a plain function; the first use pays the load (≈1 s of the event
 * loop). Only the simulator encodes and decodes; estimates count through `token-count.ts`, which
 * uses this copy only where the simulator keeps one (see {@link keepTokenizerOnMainThread}).
 */
export function loadTokenizer(): GptEncoding {
  if (tokenizer !== null) return tokenizer;
  const require = createRequire(import.meta.url);
  const ranksFile = o200kRanksFile();
  if (ranksFile === null) {
    tokenizer = (require('gpt-tokenizer') as { default: GptEncoding }).default;
  } else {
    const { GptEncoding: Encoding } = require('gpt-tokenizer/cjs/GptEncoding') as typeof GptEncodingModule;
    tokenizer = Encoding.getEncodingApi('o200k_base', () => JSON.parse(readFileSync(ranksFile, 'utf8')) as (string | number[])[]);
  }
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
