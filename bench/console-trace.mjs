#!/usr/bin/env node
// Where a console page load spends the renderer's main thread, from a Chromium trace (written by
// `node bench/console-pages.mjs --trace DIR`, or DevTools' Performance panel).
//
//   node bench/console-trace.mjs TRACE.json [--ready MS] [--top 15]
//
// Splits the load at its milestones (HTML received, /api/me sent and answered, the page's last API
// answer, usable) and prints, for each span, how long the main thread was busy and with what:
// evaluating which script, running JS (timers, events, microtasks, callbacks), compiling, style,
// layout, paint, GC; the rest of the span it was idle (waiting for the network or the server).
// With the trace's V8 CPU samples it also lists the functions with the most self time per span.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** Trace categories that give the main thread's tasks, the resource timeline and the CPU samples. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

const KINDS = [
  ['compile', /^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.produceModuleCache|V8\.CompileLazy|CacheScript|v8\.parseOnBackground|v8\.deserializeOnBackground)/],
  ['gc', /(GC|GCEvent|BlinkGC|MinorGC|MajorGC|V8\.GC)/],
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)$/],
  ['layout', /^(Layout|UpdateLayout|LayoutShift|IntersectionObserverController::computeIntersections)$/],
  ['paint', /^(Paint|PaintImage|PrePaint|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers|Commit|RasterTask|Decode Image)$/],
  ['html', /^ParseHTML$/],
  ['script', /^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|v8\.run|V8\.Execute|XHRReadyStateChange|v8\.callFunction)$/],
];

function kindOf(name) {
  for (const [kind, re] of KINDS) if (re.test(name)) return kind;
  return null;
}

const shortUrl = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/console\/assets\//, '') : '');

/**
 * Analyse a trace: milestones in ms since navigation start and, per span between them, main-thread
 * busy time by kind, the scripts evaluated and the functions with the most self time.
 */
export function analyzeTrace(trace, { readyMs = null, top = 12 } = {}) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  // The page's renderer main thread: where the console's HTML was parsed; its navigation is the
  // last main-frame navigationStart on that thread before the parse.
  const parse = events.find((e) => e.name === 'ParseHTML' && /\/console/.test(e.args?.beginData?.url ?? ''));
  if (parse === undefined) throw new Error('no ParseHTML of a /console page in the trace');
  const nav = events.filter((e) => e.name === 'navigationStart' && e.pid === parse.pid && e.tid === parse.tid && e.args?.data?.isLoadingMainFrame && e.ts <= parse.ts).sort((a, b) => a.ts - b.ts).at(-1);
  if (nav === undefined) throw new Error('no navigationStart before the console page was parsed');
  const main = `${nav.pid}:${nav.tid}`;
  const t0 = nav.ts;
  const ms = (ts) => (ts - t0) / 1000;

  // Network milestones from the renderer's resource events.
  const sends = new Map();
  const finishes = new Map();
  const lastData = new Map();
  for (const e of events) {
    if (e.name === 'ResourceSendRequest' && e.ts >= t0) sends.set(e.args.data.requestId, { url: e.args.data.url, at: ms(e.ts) });
    if (e.name === 'ResourceFinish' && e.ts >= t0) finishes.set(e.args.data.requestId, ms(e.ts));
    if (e.name === 'ResourceReceivedData' && e.ts >= t0) lastData.set(e.args.data.requestId, ms(e.ts));
  }
  // The page's own requests (not the browser's chrome:// pages, not inline data: images).
  const requests = [...sends].filter(([, r]) => /^https?:/.test(r.url)).map(([id, r]) => ({ ...r, end: finishes.get(id) ?? null, lastData: lastData.get(id) ?? null }));
  const html = requests.find((r) => /\/console/.test(r.url) && !/\/assets\//.test(r.url));
  // The document's ResourceFinish waits for the parser to be done with it (after its scripts have
  // already sent /api/me); the HTML has arrived with its last data.
  const htmlReceived = html === undefined ? null : (html.lastData ?? html.end);
  const me = requests.find((r) => new URL(r.url).pathname === '/api/me');
  // The page's data: API answers other than the shell's (/api/me and the bell's notifications).
  const apis = requests.filter((r) => /\/api\//.test(r.url) && !new URL(r.url).pathname.startsWith('/api/me') && r.end !== null && (readyMs === null || r.end <= readyMs));
  const lastApi = apis.length ? Math.max(...apis.map((r) => r.end)) : null;
  const ready = readyMs;
  const milestones = [
    ['navigation', 0],
    ['HTML received', htmlReceived],
    ['/api/me sent', me?.at ?? null],
    ['/api/me answered', me?.end ?? null],
    ['page data answered', lastApi],
    ['usable', ready],
  ].filter(([, at]) => at !== null).sort((a, b) => a[1] - b[1]);

  // Main-thread events, innermost kind wins for the time it covers (self time per kind).
  const own = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.ts >= t0 && typeof e.dur === 'number');
  own.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const slices = []; // { start, end, kind, label }
  const stack = [];
  const pushSelf = (frame, until) => {
    if (frame.cursor < until && frame.kind) slices.push({ start: frame.cursor, end: until, kind: frame.kind, label: frame.label });
    frame.cursor = until;
  };
  for (const e of own) {
    const start = e.ts;
    const end = e.ts + e.dur;
    while (stack.length && stack.at(-1).end <= start) {
      const done = stack.pop();
      pushSelf(done, done.end);
      if (stack.length) stack.at(-1).cursor = done.end;
    }
    if (stack.length) pushSelf(stack.at(-1), start);
    const kind = kindOf(e.name) ?? (stack.length ? stack.at(-1).kind : e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask' ? 'other' : null);
    const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? null;
    const label = e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule' || e.name === 'v8.compileModule' || e.name === 'v8.compile' ? `${e.name} ${shortUrl(url ?? e.args?.fileName)}` : (stack.at(-1)?.label ?? e.name);
    stack.push({ end, cursor: start, kind, label });
  }
  while (stack.length) {
    const done = stack.pop();
    pushSelf(done, done.end);
    if (stack.length) stack.at(-1).cursor = done.end;
  }

  // CPU samples (self time per function), when the trace has them.
  const samples = [];
  const nodes = new Map();
  let sampleTs = null;
  for (const e of events) {
    if (`${e.pid}:${e.tid}` !== main && !(e.pid === nav.pid && (e.name === 'ProfileChunk' || e.name === 'Profile'))) continue;
    if (e.name === 'Profile') sampleTs = e.args.data.startTime;
    if (e.name !== 'ProfileChunk') continue;
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    const deltas = e.args.data.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      sampleTs = (sampleTs ?? e.ts) + (deltas[i] ?? 0);
      samples.push({ at: ms(sampleTs), id });
    });
  }

  const spans = [];
  for (let i = 0; i + 1 < milestones.length; i++) {
    const [fromName, from] = milestones[i];
    const [toName, to] = milestones[i + 1];
    const byKind = {};
    const byLabel = new Map();
    for (const s of slices) {
      const a = Math.max(ms(s.start), from);
      const b = Math.min(ms(s.end), to);
      if (b <= a) continue;
      byKind[s.kind] = (byKind[s.kind] ?? 0) + (b - a);
      if (/^(EvaluateScript|v8\.)/.test(s.label)) byLabel.set(s.label, (byLabel.get(s.label) ?? 0) + (b - a));
    }
    const busy = Object.values(byKind).reduce((x, y) => x + y, 0);
    const fn = new Map();
    let sampled = 0;
    for (let k = 0; k < samples.length; k++) {
      const s = samples[k];
      if (s.at < from || s.at >= to) continue;
      const node = nodes.get(s.id);
      const frame = node?.callFrame ?? {};
      if (frame.functionName === '(idle)') continue;
      const dt = (samples[k + 1]?.at ?? s.at) - s.at;
      const name = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}${frame.lineNumber >= 0 ? `:${frame.lineNumber + 1}` : ''}`.trim();
      fn.set(name, (fn.get(name) ?? 0) + dt);
      sampled += dt;
    }
    spans.push({
      from: fromName, to: toName, fromMs: from, toMs: to, busy, byKind,
      scripts: [...byLabel].sort((x, y) => y[1] - x[1]).slice(0, 6),
      functions: [...fn].sort((x, y) => y[1] - x[1]).slice(0, top),
      sampled,
    });
  }
  return { milestones, requests, spans };
}

/** The analysis as text: one block per span. */
export function formatAnalysis({ milestones, requests, spans }) {
  const lines = [];
  lines.push(`milestones (ms): ${milestones.map(([name, at]) => `${name} ${at.toFixed(0)}`).join(', ')}`);
  lines.push(`requests: ${requests.map((r) => `${shortUrl(r.url).replace(/[a-z]+_[0-9a-z]{8,}/g, ':id').split('?')[0]} ${r.at.toFixed(0)}-${r.end?.toFixed(0) ?? '?'}`).join('; ')}`);
  for (const s of spans) {
    const kinds = Object.entries(s.byKind).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
    lines.push(`  ${s.from} → ${s.to} (${s.fromMs.toFixed(0)}-${s.toMs.toFixed(0)}, ${(s.toMs - s.fromMs).toFixed(0)} ms): main thread busy ${s.busy.toFixed(0)} ms [${kinds}]`);
    for (const [label, t] of s.scripts) lines.push(`      ${t.toFixed(1).padStart(7)} ms  ${label}`);
    if (s.functions.length) lines.push(`      top self time (CPU samples, ${s.sampled.toFixed(0)} ms sampled):`);
    for (const [name, t] of s.functions) lines.push(`      ${t.toFixed(1).padStart(7)} ms  ${name}`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { ready: { type: 'string' }, top: { type: 'string', default: '12' } } });
  if (positionals.length !== 1) {
    console.error('usage: node bench/console-trace.mjs TRACE.json [--ready MS] [--top N]');
    process.exit(2);
  }
  const trace = JSON.parse(readFileSync(positionals[0], 'utf8'));
  console.log(formatAnalysis(analyzeTrace(trace, { readyMs: values.ready ? Number(values.ready) : null, top: Number(values.top) })));
}
