import { createRequire } from 'node:module';
import type * as Undici from 'undici';

let undici: typeof Undici | null = null;

/**
 * undici, loaded on first use: its ≈110 modules take ≈5 MiB of an idle gateway's heap, and a
 * gateway that serves only the simulator, or has no webhooks, never calls it. Required (undici is
 * CommonJS) so the first upstream call stays synchronous up to its request; one copy per process.
 */
export function loadUndici(): typeof Undici {
  undici ??= createRequire(import.meta.url)('undici') as typeof Undici;
  return undici;
}
