import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How often the process's CPU use is looked at, ms. */
export const IDLE_WINDOW_MS = 5_000;
/** CPU time per window under which the process counts as idle: 5 % of one core (an idle gateway uses 1–3 %: timers, settlement passes). */
const IDLE_CPU_US = IDLE_WINDOW_MS * 50;

/**
 * A full garbage collection (two in a row, see `compactingGc`) whenever the process turns idle: after start-up and after each busy
 * period, once two 5 s windows in a row used under 5 % of a core. V8 grows the young generation to its maximum
 * under allocation (start-up alone does it: 16 MiB with `npm start`'s `--max-semi-space-size=8`) and
 * keeps it, and old space keeps the garbage of the last burst, until enough allocation triggers a
 * GC, which an idle gateway never does. A full GC shrinks both (idle RSS of `serve --demo`
 * 136 → ≈100 MiB, bench/idle-footprint.mjs), and one in memory-saving mode compacts old space too. It takes tens of milliseconds on the main thread,
 * only when nothing has been happening for 10 s; busy processes never collect this way.
 */
export function collectWhenIdle(options: { gc?: () => void; cpuMicros?: () => number } = {}): () => void {
  const gc = options.gc ?? compactingGc(exposeGc());
  const cpuMicros = options.cpuMicros ?? processCpuMicros;
  let last = cpuMicros();
  let idleWindows = 0;
  const timer = setInterval(() => {
    const used = cpuMicros() - last;
    // Two idle windows in a row: V8 shrinks the young generation only once its measured allocation
    // rate is low, which a collection right after a burst would not see yet.
    if (used >= IDLE_CPU_US) idleWindows = 0;
    else if (++idleWindows === 2) gc();
    // The collection's own CPU time is not activity.
    last = cpuMicros();
  }, IDLE_WINDOW_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The collection in V8's memory-over-speed mode (`--optimize-for-size`) when the operator has not
 * chosen it either way: that GC also compacts the old-space pages start-up left partly empty and
 * gives them back (idle RSS of `serve --demo` ≈101 → ≈94 MiB). The mode is switched off again
 * right after: left on for the whole process it cut c64 throughput 6–9× in A/B runs of
 * bench/overhead (bench/findings/overhead.md). V8 reads the flag at each GC, as with the growth factor.
 */
function compactingGc(gc: () => void): () => void {
  if (process.execArgv.some((flag) => /^--(no-)?optimize[-_]for[-_]size\b/.test(flag))) return gc;
  return () => {
    v8.setFlagsFromString('--optimize-for-size');
    try {
      // Twice: the second collection compacts what the first left on partly emptied pages (idle RSS
      // of `serve --demo` ≈90 → ≈84 MiB, old space committed 32 → 27 MiB; a third adds ≈1 MiB).
      gc();
      gc();
    } finally {
      v8.setFlagsFromString('--no-optimize-for-size');
    }
  };
}

function processCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** V8's `gc()`, exposed at run time (the flag only adds the function to new contexts). */
function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  v8.setFlagsFromString('--no-expose-gc');
  return gc;
}
