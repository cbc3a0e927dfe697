import { createRequire } from 'node:module';
import type * as Undici from 'undici';

const requireCjs = createRequire(import.meta.url);
let undici: typeof Undici | null = null;
let pool: typeof Undici.Pool | null = null;

/**
 * undici, loaded on first use: its ≈110 modules take ≈4 MiB of an idle gateway's heap, and a
 * gateway that serves only the simulator, or has no webhooks, never calls it. Required (undici is
 * CommonJS) so the first upstream call stays synchronous up to its request; one copy per process.
 */
export function loadUndici(): typeof Undici {
  undici ??= requireCjs('undici') as typeof Undici;
  return undici;
}

/**
 * undici's `Pool` alone, for upstream calls (they use only `dispatch` and `close`). undici's index
 * also loads fetch, WebSocket, the cache, mocks and, through Node's lazy globals, Node's own copy of
 * undici: 110 modules against this one's 22, ≈3 MiB more heap and ≈100 ms more on the first upstream
 * call of a started gateway (`node -e "require('undici')"` against `require('undici/lib/dispatcher/pool.js')`).
 * The path is undici's own file (the package has no exports map); the index requires the same file,
 * so a process that loads both holds one `Pool`.
 */
export function loadUndiciPool(): typeof Undici.Pool {
  pool ??= undici?.Pool ?? (requireCjs('undici/lib/dispatcher/pool.js') as typeof Undici.Pool);
  return pool;
}
