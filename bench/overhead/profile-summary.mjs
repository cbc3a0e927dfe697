#!/usr/bin/env node
// Summarise a V8 .cpuprofile (from `node --cpu-prof`) by self time: per category (idle, GC, node internals,
// each npm package, each gateway source file) and the top functions.
//
//   node bench/overhead/profile-summary.mjs FILE.cpuprofile [--from US --to US] [--top 30] [--json]
//   node bench/overhead/profile-summary.mjs FILE.cpuprofile --callers writev [--depth 6]   (who calls a hot function)
//   node bench/overhead/profile-summary.mjs FILE.cpuprofile --bins 500   (busy ms per 500 ms: where a burst is)
//   node bench/overhead/profile-summary.mjs FILE.cpuprofile --since 7.5 --until 9.5   (seconds after the start)
//
// --from/--to restrict the summary to samples inside that window (microseconds on the monotonic clock,
// i.e. process.hrtime.bigint() / 1000n, which is the clock V8's profiler stamps samples with); run.mjs
// passes the window of its load run so start-up and idle time before/after do not dilute the figures.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Bucket a call frame: where does this code live? */
export function categorize(frame, appRoot) {
  const url = frame.url || '';
  const name = frame.functionName || '(anonymous)';
  if (!url) {
    if (name === '(idle)') return '(idle)';
    if (name === '(garbage collector)') return '(garbage collector)';
    if (name === '(program)') return '(program: native/VM)';
    if (name === '(root)') return '(root)';
    return '(native builtins)';
  }
  if (url.startsWith('node:')) {
    const m = url.match(/^node:(?:internal\/)?([^/]+(?:\/[^/]+)?)/);
    return `node:${m ? m[1] : url.slice(5)}`;
  }
  let path = url;
  try {
    if (url.startsWith('file://')) path = fileURLToPath(url);
  } catch {
    /* keep url */
  }
  const nm = path.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = path.slice(nm + '/node_modules/'.length).split('/');
    return `npm:${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (appRoot && path.startsWith(appRoot)) return path.slice(appRoot.length).replace(/^\//, '');
  return path;
}

/**
 * The sampling interval (median gap between samples) and a function that caps one gap. On this shared VM
 * the whole process is sometimes descheduled (CPU steal) for hundreds of milliseconds; the sample before
 * such a gap would otherwise be charged with the stall, which once made a trivial function look like 20 %
 * of the profile. Gaps longer than 4 intervals count as one interval, and the rest is reported as stalled.
 */
function gapCap(profile) {
  const deltas = profile.timeDeltas.filter((d) => d > 0).sort((a, b) => a - b);
  const interval = deltas.length > 0 ? deltas[Math.floor(deltas.length / 2)] : 0;
  return { interval, cap: (us) => (interval > 0 && us > 4 * interval ? interval : us) };
}

/**
 * Each sample in order: its node id, its time on V8's clock (µs), the gap to the next sample, and the
 * interval it stands for (DevTools charges a sample with the time until the next one; capped as above).
 */
function* timedSamples(profile) {
  const { cap } = gapCap(profile);
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    const gap = profile.timeDeltas[i + 1] ?? 0;
    yield { id: profile.samples[i], t, gap, us: cap(gap) };
  }
}

export function summarize(profile, { from = null, to = null, appRoot = '', top = 30 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map(); // node id -> µs
  let windowUs = 0;
  let stalledUs = 0;
  let inWindow = 0;
  const restrict = from != null && to != null && to > profile.startTime && from < profile.endTime;
  for (const { id, t, gap, us } of timedSamples(profile)) {
    if (restrict && (t < from || t > to)) continue;
    stalledUs += gap - us;
    self.set(id, (self.get(id) ?? 0) + us);
    windowUs += us;
    inWindow++;
  }
  const fnAgg = new Map();
  const catAgg = new Map();
  for (const [id, us] of self) {
    const n = byId.get(id);
    const f = n.callFrame;
    const cat = categorize(f, appRoot);
    catAgg.set(cat, (catAgg.get(cat) ?? 0) + us);
    const key = `${f.functionName || '(anonymous)'}\u0000${f.url}\u0000${f.lineNumber}`;
    const e = fnAgg.get(key) ?? { fn: f.functionName || '(anonymous)', where: `${cat}${f.url ? `:${f.lineNumber + 1}` : ''}`, us: 0 };
    e.us += us;
    fnAgg.set(key, e);
  }
  const total = windowUs || 1;
  const idle = catAgg.get('(idle)') ?? 0;
  const busy = total - idle || 1;
  const pct = (us) => Math.round((us / total) * 1000) / 10;
  const pctBusy = (us) => Math.round((us / busy) * 1000) / 10;
  const categories = [...catAgg.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([category, us]) => ({ category, ms: Math.round(us / 100) / 10, pct_wall: pct(us), pct_busy: category === '(idle)' ? null : pctBusy(us) }));
  const functions = [...fnAgg.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map((e) => ({ fn: e.fn, where: e.where, ms: Math.round(e.us / 100) / 10, pct_wall: pct(e.us), pct_busy: pctBusy(e.us) }));
  return { window_restricted: restrict, samples: inWindow, wall_ms: Math.round(total / 100) / 10, busy_ms: Math.round(busy / 100) / 10, stalled_ms: Math.round(stalledUs / 100) / 10, categories, functions };
}

/** Self time of the samples whose leaf function is `fnName`, grouped by their `depth` nearest callers. */
export function callers(profile, fnName, { from = null, to = null, appRoot = '', depth = 6, top = 15 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const restrict = from != null && to != null && to > profile.startTime && from < profile.endTime;
  const agg = new Map();
  let totalUs = 0;
  for (const { id: leafId, t, us } of timedSamples(profile)) {
    if (restrict && (t < from || t > to)) continue;
    const leaf = byId.get(leafId);
    if ((leaf.callFrame.functionName || '(anonymous)') !== fnName) continue;
    totalUs += us;
    const chain = [];
    let id = parent.get(leaf.id);
    while (id !== undefined && chain.length < depth) {
      const fr = byId.get(id).callFrame;
      if (fr.functionName !== '(root)') chain.push(`${fr.functionName || '(anonymous)'} (${categorize(fr, appRoot)})`);
      id = parent.get(id);
    }
    const key = chain.join(' ← ');
    agg.set(key, (agg.get(key) ?? 0) + us);
  }
  return { fn: fnName, ms: Math.round(totalUs / 100) / 10, stacks: [...agg.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([stack, us]) => ({ ms: Math.round(us / 100) / 10, stack })) };
}

/**
 * Busy time of the JS thread (samples not idle, gaps capped) in bins of `binMs` from the profile's start:
 * where a burst's ramp ends and its steady relay begins, to pick --since/--until from.
 */
export function busyBins(profile, binMs) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const bins = [];
  for (const { id, t, us } of timedSamples(profile)) {
    if (byId.get(id).callFrame.functionName === '(idle)') continue;
    const bin = Math.floor((t - profile.startTime) / (binMs * 1000));
    bins[bin] = (bins[bin] ?? 0) + us;
  }
  return Array.from(bins, (us, i) => ({ from_s: (i * binMs) / 1000, busy_ms: Math.round((us ?? 0) / 100) / 10, busy_pct: Math.round(((us ?? 0) / (binMs * 1000)) * 1000) / 10 }));
}

export function formatSummary(s, { topCategories = 25, topFunctions = 30 } = {}) {
  let out = `Profile: ${s.samples} samples over ${s.wall_ms} ms wall, ${s.busy_ms} ms on the JS thread not idle${s.window_restricted ? ' (load window only)' : ' (whole profile)'}`;
  out += s.stalled_ms > 0 ? `; ${s.stalled_ms} ms of gaps between samples (process descheduled) left out.\n\n` : '.\n\n';
  out += '| self time by where the code lives | ms | % of wall | % of busy |\n|---|---:|---:|---:|\n';
  for (const c of s.categories.slice(0, topCategories)) out += `| ${c.category} | ${c.ms} | ${c.pct_wall} | ${c.pct_busy ?? '–'} |\n`;
  out += '\n| top functions by self time | where | ms | % of wall | % of busy |\n|---|---|---:|---:|---:|\n';
  for (const f of s.functions.slice(0, topFunctions)) out += `| ${f.fn} | ${f.where} | ${f.ms} | ${f.pct_wall} | ${f.pct_busy} |\n`;
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const argv = process.argv.slice(2);
  const opt = { file: null, from: null, to: null, top: 30, json: false, appRoot: process.cwd() };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--from') opt.from = Number(argv[++i]);
    else if (a === '--since') opt.since = Number(argv[++i]);
    else if (a === '--until') opt.until = Number(argv[++i]);
    else if (a === '--bins') opt.bins = Number(argv[++i]);
    else if (a === '--to') opt.to = Number(argv[++i]);
    else if (a === '--top') opt.top = Number(argv[++i]);
    else if (a === '--json') opt.json = true;
    else if (a === '--app-root') opt.appRoot = argv[++i];
    else if (a === '--callers') opt.callers = argv[++i];
    else if (a === '--depth') opt.depth = Number(argv[++i]);
    else if (a === '-h' || a === '--help') opt.help = true;
    else if (a.startsWith('-')) opt.unknown = a;
    else opt.file = a;
  }
  const usage =
    'usage: node profile-summary.mjs FILE.cpuprofile [--from US --to US | --since S --until S] [--top 30] [--json] [--app-root DIR]\n' +
    '       node profile-summary.mjs FILE.cpuprofile --callers FUNCTION [--depth 6]\n' +
    '       node profile-summary.mjs FILE.cpuprofile --bins MS   (busy time per MS from the start)\n';
  if (opt.help) {
    process.stdout.write(usage);
    process.exit(0);
  }
  const bad = opt.unknown ? `unknown option ${opt.unknown}\n` : opt.bins !== undefined && !(opt.bins > 0) ? '--bins takes a number of ms above 0\n' : '';
  if (!opt.file || bad) {
    process.stderr.write(`${bad}${usage}`);
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(opt.file, 'utf8'));
  // --since/--until: seconds after the profile's start, the scale --bins prints.
  if (opt.since !== undefined || opt.until !== undefined) {
    opt.from = profile.startTime + (opt.since ?? 0) * 1e6;
    opt.to = opt.until === undefined ? profile.endTime : profile.startTime + opt.until * 1e6;
  }
  if (opt.bins > 0) {
    const bins = busyBins(profile, opt.bins);
    if (opt.json) process.stdout.write(`${JSON.stringify(bins, null, 2)}\n`);
    else process.stdout.write(`| from s | JS thread busy ms | busy % |\n|---:|---:|---:|\n${bins.map((b) => `| ${b.from_s} | ${b.busy_ms} | ${b.busy_pct} |`).join('\n')}\n`);
    process.exit(0);
  }
  if (opt.callers) {
    const c = callers(profile, opt.callers, opt);
    if (opt.json) process.stdout.write(`${JSON.stringify(c, null, 2)}\n`);
    else process.stdout.write(`Callers of ${c.fn} (${c.ms} ms self time):\n${c.stacks.map((x) => `${String(x.ms).padStart(8)} ms  ${x.stack}`).join('\n')}\n`);
    process.exit(0);
  }
  const s = summarize(profile, opt);
  process.stdout.write(opt.json ? `${JSON.stringify(s, null, 2)}\n` : formatSummary(s, { topFunctions: opt.top }));
}
