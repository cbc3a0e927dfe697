import v8 from 'node:v8';

/** Old-space growth allowed between major GCs, in percent of the live heap after the last one. */
export const SERVE_HEAP_GROWING_PERCENT = 25;

/**
 * Keep the V8 heap close to what is live, for `serve`. By default V8 lets old space grow up to 4×
 * its live size between major GCs when it has gigabytes of headroom; under load the gateway's live
 * heap is ≈40 MiB, so RSS climbed to 250–370 MiB without any leak. A fixed 25 % growth factor holds
 * old space near 55 MiB and RSS near 190 MiB (50 %: ≈200 MiB) at the cost of more frequent
 * (incremental, mostly concurrent) major GCs: no cost in CPU per request for non-streamed answers,
 * ≈15 % more for streams at concurrency 64 (bench/findings/overhead.md, results of 2026-11-21 evening).
 *
 * Set at run time because this flag, unlike `--max-old-space-size` or `--max-semi-space-size`, is
 * read at every GC: no re-exec and no NODE_OPTIONS needed (which would not accept it anyway). An
 * operator's own `node --heap-growing-percent=N` wins; `=0` restores V8's dynamic factor.
 */
export function limitHeapGrowth(): void {
  if (process.execArgv.some((flag) => /^--heap[-_]growing[-_]percent\b/.test(flag))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${SERVE_HEAP_GROWING_PERCENT}`);
}
