#!/usr/bin/env node
// What metrics and tracing cost per request: the same gateway build run side by side as variants, in the
// same rounds, against the same mock upstream, measured as CPU µs per request with wrk (bench/README.md).
//
//   node bench/overhead/telemetry.mjs [--duration 10] [--rounds 3] [--modes c1,c64,stream64] [--warmup 3]
//        [--baseline REF] [--tracing] [--together] [--skip-build] [--mock-port P] [--keep] [--out DIR]
//
// Variants: metrics-off (TF_METRICS=false, no OTEL_*), metrics-on (the default: /metrics on, tracing off),
// with --baseline REF also `baseline` (that git ref built into a temp dir: a gateway without this code
// at all, so "metrics-off ÷ baseline" is what tracing off and the metrics switch cost), and with --tracing
// also tracing-on (OTLP/HTTP JSON to a local receiver that discards, every request sampled; context only).
// The variants take turns in each round (order rotated), so a shared machine's noise falls on all of them;
// medians of the rounds are reported, and the goal (≤ 5 % more CPU per request) is judged on them. With
// --together every variant is loaded at the same time (one wrk each) in each run: the same moment of a
// busy shared machine for all, which pairs the comparison far more tightly than taking turns.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpRequest, median, requestBody, runWrk, sleep, withProcWatch, wrkAvailable, wrkVersion } from './lib.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '..', '..');
const MODES = { c1: { connections: 1, stream: false }, c64: { connections: 64, stream: false }, stream1: { connections: 1, stream: true }, stream64: { connections: 64, stream: true } };
const GOAL = 1.05;

const opt = { duration: 10, rounds: 3, modes: ['c1', 'c64', 'stream64'], warmup: 3, baseline: null, tracing: false, together: false, build: true, mockPort: null, keep: false, out: join(REPO, 'bench', 'results') };
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => {
      if (argv[i + 1] === undefined) {
        console.error(`${a} needs a value`);
        process.exit(2);
      }
      return argv[++i];
    };
    if (a === '--duration') opt.duration = Number(v());
    else if (a === '--rounds') opt.rounds = Number(v());
    else if (a === '--modes') opt.modes = v().split(',').filter(Boolean);
    else if (a === '--warmup') opt.warmup = Number(v());
    else if (a === '--baseline') opt.baseline = v();
    else if (a === '--tracing') opt.tracing = true;
    else if (a === '--together') opt.together = true;
    else if (a === '--skip-build') opt.build = false;
    else if (a === '--mock-port') opt.mockPort = Number(v());
    else if (a === '--keep') opt.keep = true;
    else if (a === '--out') opt.out = resolve(v());
    else {
      console.error(`unknown argument ${a}; see the header of ${fileURLToPath(import.meta.url)}`);
      process.exit(2);
    }
  }
  for (const m of opt.modes) {
    if (MODES[m]) continue;
    console.error(`unknown mode ${m}`);
    process.exit(2);
  }
}
const log = (s) => process.stderr.write(`${s}\n`);
if (!wrkAvailable()) {
  log('wrk is not installed: apt-get install -y wrk');
  process.exit(1);
}

// Every child we start is stopped on exit, Ctrl-C or error.
const children = new Set();
const track = (child) => (children.add(child), child.on('exit', () => children.delete(child)), child);
const tempDir = mkdtempSync(join(tmpdir(), 'tf-bench-telemetry-'));
async function cleanup() {
  await Promise.all(
    [...children].map(
      (c) =>
        new Promise((r) => {
          if (c.exitCode !== null || c.signalCode !== null) return r();
          c.once('exit', r);
          c.kill('SIGTERM');
          setTimeout(() => c.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  if (!opt.keep) rmSync(tempDir, { recursive: true, force: true });
  else log(`temp dir kept: ${tempDir}`);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void cleanup().finally(() => process.exit(130)));
async function fail(message) {
  log(`\nERROR: ${message}`);
  await cleanup();
  process.exit(1);
}
process.on('unhandledRejection', (e) => void fail(e instanceof Error ? e.stack : String(e)));

const freePort = () =>
  new Promise((res, rej) => {
    const s = net.createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
async function waitFor(what, probe, timeoutMs = 180_000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    try {
      if (await probe()) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  await fail(`${what} not ready after ${timeoutMs} ms`);
}
const startFlags = (() => {
  const words = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).scripts.start.trim().split(/\s+/);
  return words.slice(1, words.indexOf('dist/cli/main.js'));
})();

// 1. builds: this tree, and the baseline ref into a temp dir (its sources compiled with this repo's tsc and node_modules).
if (opt.build) {
  log('building: npm run build …');
  if (spawnSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'ignore' }).status !== 0) await fail("'npm run build' failed");
}
const builds = { current: join(REPO, 'dist', 'cli', 'main.js') };
const gitRev = (ref) => execFileSync('git', ['rev-parse', '--short', ref], { cwd: REPO }).toString().trim();
if (opt.baseline) {
  const root = join(tempDir, 'baseline');
  mkdirSync(root);
  log(`building the baseline ${opt.baseline} (${gitRev(opt.baseline)}) in ${root} …`);
  const archive = spawnSync('git', ['archive', opt.baseline, 'src', 'catalogues', 'package.json', 'tsconfig.json', 'tsconfig.build.json'], { cwd: REPO, maxBuffer: 256 * 1024 * 1024 });
  if (archive.status !== 0) await fail(`git archive ${opt.baseline} failed: ${archive.stderr}`);
  if (spawnSync('tar', ['-x', '-C', root], { input: archive.stdout }).status !== 0) await fail('unpacking the baseline failed');
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  const tsc = spawnSync(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], { cwd: root, encoding: 'utf8' });
  if (tsc.status !== 0) await fail(`building ${opt.baseline} failed:\n${tsc.stdout}${tsc.stderr}`);
  builds.baseline = join(root, 'dist', 'cli', 'main.js');
}

// 2. mock upstream, and a receiver that accepts and discards OTLP exports (for the tracing-on variant).
opt.mockPort ??= await freePort();
const mockLog = join(tempDir, 'mock.log');
let fd = openSync(mockLog, 'a');
track(spawn(process.execPath, [join(HERE, 'mock-upstream.mjs'), '--port', String(opt.mockPort), '--chunks', '20'], { stdio: ['ignore', fd, fd] }));
closeSync(fd);
const mockBase = `http://127.0.0.1:${opt.mockPort}`;
await waitFor('mock upstream', async () => (await httpRequest(`${mockBase}/health`)).status === 200);
const mock = [...children][0];
let spansReceived = 0;
const sink = http.createServer((req, res) => {
  req.on('data', () => undefined);
  req.on('end', () => {
    spansReceived++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise((r) => sink.listen(0, '127.0.0.1', r));
const catalogue = join(tempDir, 'catalogue.yaml');
writeFileSync(catalogue, readFileSync(join(HERE, 'catalogue.yaml'), 'utf8').replaceAll('127.0.0.1:18080', `127.0.0.1:${opt.mockPort}`));

// 3. variants: each its own SQLite database and port.
const variants = [
  ...(builds.baseline ? [{ name: 'baseline', cli: builds.baseline, env: {} }] : []),
  { name: 'metrics-off', cli: builds.current, env: { TF_METRICS: 'false' } },
  { name: 'metrics-on', cli: builds.current, env: {} },
  ...(opt.tracing
    ? [{ name: 'tracing-on', cli: builds.current, env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sink.address().port}`, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' } }]
    : []),
];
const cli = (variant, args) => {
  const r = spawnSync(process.execPath, [variant.cli, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${variant.name}: tf-gateway ${args.join(' ')} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
};
for (const v of variants) {
  const db = `sqlite:${join(tempDir, `${v.name}.db`)}`;
  const org = cli(v, ['admin', 'org', 'create', '--name', 'bench', '--database', db]);
  const project = cli(v, ['admin', 'project', 'create', '--org', org.id, '--name', 'p', '--database', db]);
  v.key = cli(v, ['admin', 'key', 'create', '--project', project.id, '--database', db]).secret;
  cli(v, ['admin', 'credit', '--org', org.id, '--amount', '1000000.00', '--database', db]);
  v.port = await freePort();
  const logFile = join(tempDir, `${v.name}.log`);
  fd = openSync(logFile, 'a');
  v.child = track(
    spawn(process.execPath, [...startFlags, v.cli, 'serve', '--config', catalogue, '--port', String(v.port), '--database', db], {
      stdio: ['ignore', fd, fd],
      // Only what the variant sets: no OTEL_* or TF_METRICS from this shell leaks into the comparison.
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('OTEL_') && k !== 'TF_METRICS')), ...v.env },
    }),
  );
  closeSync(fd);
  v.url = `http://127.0.0.1:${v.port}/v1`;
  await waitFor(v.name, async () => (await httpRequest(`${v.url}/models`, { headers: { authorization: `Bearer ${v.key}` } })).status === 200);
  const check = await httpRequest(`${v.url}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${v.key}` }, body: requestBody('bench/mock-chat', false) });
  if (check.status !== 200) await fail(`${v.name}: a chat request answered ${check.status}: ${check.text.slice(0, 200)}`);
  const metrics = await httpRequest(`http://127.0.0.1:${v.port}/metrics`);
  const expected = v.name === 'metrics-off' ? 404 : v.name === 'baseline' ? metrics.status : 200;
  if (metrics.status !== expected) await fail(`${v.name}: /metrics answered ${metrics.status}, expected ${expected}`);
  log(`${v.name}: pid ${v.child.pid}, ${v.url} (${v.cli === builds.current ? 'this tree' : opt.baseline}), /metrics ${metrics.status}`);
}

// 4. rounds
async function loadRun(v, mode, duration) {
  const m = MODES[mode];
  const { result, procs } = await withProcWatch({ gateway: v.child.pid, mock: mock.pid }, () =>
    runWrk({ url: `${v.url}/chat/completions`, headers: { authorization: `Bearer ${v.key}` }, body: requestBody('bench/mock-chat', m.stream), connections: m.connections, duration, track }),
  );
  return { variant: v.name, mode, rps: result.rps, p50_ms: result.p50_ms, errors: result.errors, cpu_us_per_req: result.requests ? (procs.gateway.cpu_ms * 1000) / result.requests : null };
}
if (opt.warmup > 0) {
  log(`warm-up: ${opt.warmup} s per variant and mode`);
  for (const v of variants) for (const mode of opt.modes) await loadRun(v, mode, opt.warmup);
}
const runs = [];
const report = (run, r) => log(`round ${r + 1}/${opt.rounds} ${run.mode.padEnd(8)} ${run.variant.padEnd(11)} ${Math.round(run.rps).toString().padStart(6)} req/s  p50 ${run.p50_ms.toFixed(3)} ms  CPU ${Math.round(run.cpu_us_per_req)} µs/req${run.errors ? `  ERRORS ${run.errors}` : ''}`);
for (let r = 0; r < opt.rounds && opt.together; r++) {
  for (const mode of opt.modes) {
    const results = await Promise.all(variants.map((v) => loadRun(v, mode, opt.duration)));
    for (const run of results) {
      runs.push({ ...run, round: r + 1 });
      report(run, r);
    }
  }
}
for (let r = 0; r < opt.rounds && !opt.together; r++) {
  for (const mode of opt.modes) {
    for (let i = 0; i < variants.length; i++) {
      const v = variants[(i + r) % variants.length];
      const run = await loadRun(v, mode, opt.duration);
      runs.push({ ...run, round: r + 1 });
      log(`round ${r + 1}/${opt.rounds} ${mode.padEnd(8)} ${v.name.padEnd(11)} ${Math.round(run.rps).toString().padStart(6)} req/s  p50 ${run.p50_ms.toFixed(3)} ms  CPU ${Math.round(run.cpu_us_per_req)} µs/req${run.errors ? `  ERRORS ${run.errors}` : ''}`);
    }
  }
}

// 5. report
const load = execFileSync('cat', ['/proc/loadavg']).toString().split(' ').slice(0, 3).join(' ');
const agg = (name, mode) => {
  const rs = runs.filter((x) => x.variant === name && x.mode === mode);
  return { rps: median(rs.map((x) => x.rps)), p50: median(rs.map((x) => x.p50_ms)), cpu: median(rs.map((x) => x.cpu_us_per_req)), cpuRuns: rs.map((x) => Math.round(x.cpu_us_per_req)), errors: rs.reduce((s, x) => s + x.errors, 0) };
};
let md = `## Telemetry overhead (${new Date().toISOString()}, git ${gitRev('HEAD')}${opt.baseline ? `, baseline ${opt.baseline} = ${gitRev(opt.baseline)}` : ''})\n\n`;
md += `node ${process.version}, ${wrkVersion()}, ${cpus().length} cores, load average at the end ${load}; ${opt.rounds} round(s) × ${opt.duration} s per variant and mode, ${opt.together ? 'all variants loaded at the same time (one wrk each)' : 'variants rotated per round'}, medians shown. CPU µs/req = the gateway process's utime+stime over the run ÷ requests.\n\n`;
md += '| mode | variant | req/s | p50 ms | CPU µs/req | runs µs/req | CPU ÷ metrics-off | errors |\n|---|---|---:|---:|---:|---|---:|---:|\n';
const goals = [];
for (const mode of opt.modes) {
  const off = agg('metrics-off', mode);
  for (const v of variants) {
    const a = agg(v.name, mode);
    md += `| ${mode} | ${v.name} | ${Math.round(a.rps)} | ${a.p50.toFixed(3)} | ${Math.round(a.cpu)} | ${a.cpuRuns.join(' / ')} | ${(a.cpu / off.cpu).toFixed(3)} | ${a.errors} |\n`;
  }
  const on = agg('metrics-on', mode);
  goals.push({ goal: `metrics on, ${mode}: CPU per request ÷ metrics off`, ratio: on.cpu / off.cpu });
  if (builds.baseline) goals.push({ goal: `tracing off and metrics off, ${mode}: CPU per request ÷ ${opt.baseline} (no telemetry code)`, ratio: off.cpu / agg('baseline', mode).cpu });
}
md += `\nGoal: at most ${Math.round((GOAL - 1) * 100)} % more CPU per request.\n\n| comparison | ratio | result |\n|---|---:|---|\n`;
for (const g of goals) md += `| ${g.goal} | ${g.ratio.toFixed(3)} | ${g.ratio <= GOAL ? 'PASS' : '**FAIL**'} |\n`;
if (opt.tracing) md += `\nTracing on (every request sampled, exported to a local receiver: ${spansReceived} export requests) is context, not a goal.\n`;
process.stdout.write(`\n${md}`);
mkdirSync(opt.out, { recursive: true });
const resultsFile = join(opt.out, `telemetry-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(resultsFile, `${JSON.stringify({ options: opt, runs, goals }, null, 2)}\n`);
process.stdout.write(`\nraw results: ${resultsFile}\n`);
sink.close();
await cleanup();
process.exit(0);
