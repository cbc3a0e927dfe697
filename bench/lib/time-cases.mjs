// Timing helpers shared by the store benchmarks (usage-query.mjs, billing-reports.mjs).

/** Run `fn` once; resolves to its result and the wall time in ms. */
export async function timed(fn) {
  const start = process.hrtime.bigint();
  const result = await fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
}

/**
 * Time each `[label, run]` case `runs` times after one warm-up call (caches, query plans), and print
 * one markdown row per case: label, median ms, max ms and `describe(lastResult)`. Resolves to the
 * last result of each case, by label.
 */
export async function timeCases(cases, runs, describe) {
  const results = new Map();
  for (const [label, run] of cases) {
    await run();
    const times = [];
    let out = null;
    for (let i = 0; i < runs; i++) {
      const { ms, result } = await timed(run);
      times.push(ms);
      out = result;
    }
    times.sort((a, b) => a - b);
    results.set(label, out);
    console.log(`| ${label} | ${times[Math.floor(times.length / 2)].toFixed(1)} | ${times.at(-1).toFixed(1)} | ${describe(out)} |`);
  }
  return results;
}
