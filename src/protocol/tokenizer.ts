import { createRequire } from 'node:module';
import type * as GptTokenizer from 'gpt-tokenizer';

type Tokenizer = typeof GptTokenizer;

let tokenizer: Tokenizer | null = null;

/**
 * The o200k tokenizer, loaded on first use: its tables cost about 35 MiB of RSS (compacted), and a gateway
 * whose upstreams report usage never needs them. Loaded synchronously (the CommonJS build) on the
 * main thread, the one copy in the process, so estimating stays a plain function; the first
 * estimate pays the load once (1-2 s of the event loop).
 */
export function loadTokenizer(): Tokenizer {
  tokenizer ??= createRequire(import.meta.url)('gpt-tokenizer') as Tokenizer;
  return tokenizer;
}
