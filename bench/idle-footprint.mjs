#!/usr/bin/env node
// Memory of a started gateway: `serve --demo` on a fresh SQLite file, as `npm start` runs it.
//
//   npm run build && node bench/idle-footprint.mjs [--settle-ms 20000] [--node-flags '--max-semi-space-size=8'] [--dist DIR]
//     [--requests N] [--modules]
//
// --dist runs another build (a copy of dist/, e.g. of an earlier commit) for before/after runs.
// --requests N: after the first request, N more one at a time (c1; the prompt is counted, the
//   answer encoded): latency p50/p99 and the gateway's CPU per request (all its threads), then RSS again.
// --modules: loads bench/lib/trace-modules.mjs into the gateway and prints, per state, the files it
//   has loaded and their source size, the modules they were bundled from (bench/lib/loaded-modules.mjs)
//   with their original size, and the largest packages.
//
// Prints RSS and what it is made of when idle after start, and again after one chat request to the
// simulator (which loads the o200k tokenizer and starts the billing thread): the pages of the node
// binary and shared libraries it touched (file-backed, /proc/PID/smaps), the main V8 heap (used and
// committed, of which new space), external memory (Buffers), the threads running (a worker thread,
// with its own isolate, is one more), and the rest: malloc arenas, worker isolates, SQLite, stacks.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadedModules } from './lib/loaded-modules.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
// 20 s: the gateway collects its garbage once two 5 s windows in a row were idle (src/server/idle-collection.ts), 10-15 s after the last activity.
let settleMs = 20000;
let nodeFlags = ['--max-semi-space-size=8'];
let dist = join(ROOT, 'dist');
let requests = 0;
let traceModules = false;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--settle-ms') settleMs = Number(argv[++i]);
  else if (argv[i] === '--node-flags') nodeFlags = argv[++i].split(' ').filter(Boolean);
  else if (argv[i] === '--dist') dist = resolve(argv[++i]);
  else if (argv[i] === '--requests') requests = Number(argv[++i]);
  else if (argv[i] === '--modules') traceModules = true;
  else {
    process.stderr.write(`idle-footprint: unknown argument ${argv[i]}\n`);
    process.exit(2);
  }
}

const MiB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'tf-idle-'));
const port = 18600 + Math.floor(Math.random() * 300);
const moduleLog = join(dir, 'modules.txt');
const traceFlags = traceModules ? ['--import', join(ROOT, 'bench/lib/trace-modules.mjs')] : [];
const child = spawn(process.execPath, [...nodeFlags, ...traceFlags, join(dist, 'cli/main.js'), 'serve', '--demo', '--port', String(port), '--database', `sqlite:${join(dir, 'gw.db')}`], {
  cwd: dir,
  env: { ...process.env, TF_LOG_LEVEL: 'warn', ...(traceModules ? { TF_TRACE_MODULES: moduleLog } : {}) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let stdout = '';
child.stdout.on('data', (d) => (stdout += d));

const get = (path) =>
  new Promise((res, rej) => http.get(`http://127.0.0.1:${port}${path}`, (r) => { let b = ''; r.on('data', (d) => (b += d)); r.on('end', () => res({ status: r.statusCode, body: b })); }).on('error', rej));

function post(path, key, body) {
  return new Promise((res, rej) => {
    const req = http.request(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } }, (r) => {
      let b = '';
      r.on('data', (d) => (b += d));
      r.on('end', () => res({ status: r.statusCode, body: b }));
    });
    req.on('error', rej);
    req.end(JSON.stringify(body));
  });
}

const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8');
const rss = () => Number(status().match(/VmRSS:\s+(\d+)/)[1]) * 1024;
const threads = () => Number(status().match(/Threads:\s+(\d+)/)[1]);
/** CPU time of the gateway process (all threads), µs. */
function cpuMicros() {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime + stime, in clock ticks of 10 ms
}

/** Files loaded so far (from the trace log), the modules bundled into them, and the largest packages. */
function loadedModuleSummary() {
  const modules = loadedModules(moduleLog);
  const byPackage = new Map();
  for (const { path, size } of modules) {
    const pkg = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? (path.includes('/dist/') ? 'dist (the gateway)' : path);
    const entry = byPackage.get(pkg) ?? { count: 0, size: 0 };
    entry.count += 1;
    entry.size += size;
    byPackage.set(pkg, entry);
  }
  const size = modules.reduce((sum, m) => sum + m.size, 0);
  const top = [...byPackage].sort((a, b) => b[1].size - a[1].size).slice(0, 8);
  const files = readFileSync(moduleLog, 'utf8').trim().split('\n').map((l) => Number(l.split('\t')[0]));
  const loaded = files.reduce((sum, chars) => sum + chars, 0);
  return `${files.length} files, ${(loaded / 1024).toFixed(0)} KB of source loaded; ${modules.length} modules in them, ${(size / 1024).toFixed(0)} KB before bundling; largest: ${top.map(([p, e]) => `${p} ${(e.size / 1024).toFixed(0)} KB (${e.count})`).join(', ')}`;
}

/** RSS of file-backed mappings (the node binary's code and data pages, shared libraries, native addons). */
function fileBacked() {
  let total = 0;
  let file = false;
  for (const line of readFileSync(`/proc/${child.pid}/smaps`, 'utf8').split('\n')) {
    const header = line.match(/^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/);
    if (header) file = header[1].startsWith('/');
    else if (file && line.startsWith('Rss:')) total += Number(line.split(/\s+/)[1]) * 1024;
  }
  return total;
}

async function sample(state) {
  const text = (await get('/metrics')).body;
  const metric = (name, labels = '') => {
    const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name} `)));
    return line === undefined ? NaN : Number(line.split(' ').pop());
  };
  const space = (name, s) => metric(name, `{space="${s}"}`);
  const total = rss();
  const heapUsed = metric('nodejs_heap_size_used_bytes');
  const heapTotal = metric('nodejs_heap_size_total_bytes');
  const newSpace = space('nodejs_heap_space_size_total_bytes', 'new');
  const external = metric('nodejs_external_memory_bytes');
  const files = fileBacked();
  const modules = traceModules ? loadedModuleSummary() : null;
  return { state, total, files, heapUsed, heapTotal, newSpace, external, threads: threads(), other: total - files - heapTotal - external, modules };
}

try {
  let ready = false;
  for (let i = 0; i < 1200 && !ready; i++) {
    ready = (await get('/health/ready').catch(() => ({ status: 0 }))).status === 200;
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  if (!ready) throw new Error('the gateway did not become ready within 120 s');
  await new Promise((r) => setTimeout(r, settleMs));
  const rows = [await sample('idle after start')];
  const key = stdout.match(/sk-tf-[A-Za-z0-9]+/)?.[0];
  if (key === undefined) throw new Error('the demo key was not printed');
  const started = performance.now();
  const answer = await post('/v1/chat/completions', key, { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] });
  const firstMs = performance.now() - started;
  if (answer.status !== 200) throw new Error(`chat answered ${answer.status}: ${answer.body}`);
  await new Promise((r) => setTimeout(r, settleMs));
  rows.push(await sample('after one request'));
  let latency = '';
  if (requests > 0) {
    // A prompt of a few sentences, different each time (no cache helps), answered with up to 64 tokens.
    const times = [];
    const cpuBefore = cpuMicros();
    for (let i = 0; i < requests; i++) {
      const content = `Request ${i}: summarise what a gateway does with the prompt, the answer and the bill, in plain words.`;
      const t0 = performance.now();
      const r = await post('/v1/chat/completions', key, { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content }] });
      times.push(performance.now() - t0);
      if (r.status !== 200) throw new Error(`chat answered ${r.status}: ${r.body}`);
    }
    const cpu = (cpuMicros() - cpuBefore) / requests;
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
    latency = `; ${requests} more at c1: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, gateway CPU ${cpu.toFixed(0)} µs per request`;
    await new Promise((r) => setTimeout(r, settleMs));
    rows.push(await sample(`after ${requests + 1} requests`));
  }
  const f = (n) => (n / MiB).toFixed(1);
  process.stdout.write(`\n${dist}: node ${process.version} ${nodeFlags.join(' ')}; first chat request answered in ${firstMs.toFixed(0)} ms${latency}\n\n`);
  process.stdout.write('| state | RSS MiB | node binary + libraries (file pages) | V8 heap used | V8 heap total | of which new space | external | threads | rest (malloc, worker isolates, SQLite, stacks) |\n|---|---|---|---|---|---|---|---|---|\n');
  for (const r of rows) process.stdout.write(`| ${r.state} | ${f(r.total)} | ${f(r.files)} | ${f(r.heapUsed)} | ${f(r.heapTotal)} | ${f(r.newSpace)} | ${f(r.external)} | ${r.threads} | ${f(r.other)} |\n`);
  for (const r of rows) if (r.modules !== null) process.stdout.write(`\n${r.state}: ${r.modules}\n`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
