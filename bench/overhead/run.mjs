#!/usr/bin/env node
// Gateway overhead benchmark: direct (client -> mock upstream) vs gateway (client -> tf-gateway -> mock),
// on loopback, with wrk as the load generator. A third target, floor (client -> floor-proxy.mjs -> mock),
// does the least a Fastify + undici proxy must do: the stack's floor on this box. See bench/README.md.
//
//   node bench/overhead/run.mjs [--duration 10] [--rounds 1] [--skip-build] [--modes c1,c64,stream1,stream64]
//        [--targets direct,floor,gateway] [--warmup 3] [--ttft-n 300] [--floor-threads 1] [--chunk-delay-ms 0] [--mock-port 18080]
//        [--port N] [--log-level L] [--profile [c1|c64|stream1|stream64]] [--profile-duration S]
//        [--out bench/results] [--keep] [--fail-on-goals]
//
// Starts the mock upstream, the floor proxy and the gateway (SQLite in a temp dir, API-key auth, request
// log and cost on, default log level, logs to a file), provisions org/project/key/credit with the CLI,
// checks that every target answers correctly, warms up, then runs every mode against each target per
// round (target order rotated each round; medians reported). Measures CPU per request from /proc/<pid>/stat
// and peak RSS from /proc/<pid>/status (every 250 ms), and streaming TTFT at concurrency 1 with node:http.
// Prints markdown tables and writes raw JSON + the tables to bench/results/. Every process it starts is
// stopped on exit, on Ctrl-C and on errors.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { requestBody, median, withProcWatch, runWrk, wrkAvailable, wrkVersion, httpRequest, sseData, sleep, rssKb, nginxBinary, nginxWorkerPid, writeNginxConfig } from './lib.mjs';
import { summarize as summarizeProfile, formatSummary } from './profile-summary.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '..', '..');
let CLI = join(REPO, 'dist', 'cli', 'main.js');
const GATEWAY_MODEL = 'bench/mock-chat';
const UPSTREAM_MODEL = 'mock-model';

const TARGETS = ['direct', 'nginx', 'floor', 'gateway'];
// The gateway runs with the node flags of `npm start` (package.json), the README's way to start it.
const START_NODE_FLAGS = startScriptNodeFlags();
const MODES = {
  c1: { connections: 1, stream: false },
  c64: { connections: 64, stream: false },
  stream1: { connections: 1, stream: true },
  stream64: { connections: 64, stream: true },
};

// Goals from the issue, and the Portkey 1.15.2 anchor measured the same way on this machine
// (/work/shared/anchors/portkey-results.md) for context.
const GOALS = {
  p50AddedC1Ms: 0.3,
  c64Ratio: 0.25,
  ttftAddedMs: 1,
  rssBytes: 200e6,
  // Issue 15: CPU per streamed request at 64 connections (then 589 µs, nginx 45 µs on that day's box).
  stream64CpuUs: 300,
};
const PORTKEY = { p50AddedC1: '+1.28 ms', c64Ratio: '0.024', ttftAdded: '+28.2 ms', rss: '211–236 MiB', stream64Ratio: '0.027', cpuC1: '1,853 µs', stream64Cpu: '1,886 µs', errors: '0' };

// ---------------------------------------------------------------------------------------------------------
// options
function usage(code) {
  process.stdout.write(`Usage: node bench/overhead/run.mjs [options]
  --duration S          seconds per measured wrk run (default 10)
  --rounds N            measured rounds; target order rotates each round, medians reported (default 1; 0 = none)
  --skip-build          do not run 'npm run build' first
  --modes LIST          comma list of c1,c64,stream1,stream64 (default all four)
  --targets LIST        direct,nginx,floor,gateway (default direct,floor,gateway; direct is always added, the
                        ratios need it; nginx needs apt-get install -y nginx-light; without gateway no build is needed)
  --warmup S            seconds of unrecorded load per target and mode before the rounds (default 3)
  --ttft-n N            sequential streams per TTFT measurement (default 300; 0 = skip)
  --floor-threads N     run the floor proxy on N threads sharing one listening socket (default 1): what a
                        second core buys a Node proxy here, and what its isolate costs in RSS
  --chunk-delay-ms MS   delay between the mock's stream chunks (default 0)
  --mock-port P         mock upstream port (default 18080, as in bench/overhead/catalogue.yaml)
  --port P              gateway port (default: a free port)
  --log-level L         set TF_LOG_LEVEL for the gateway (default: unset, i.e. the gateway's default)
  --dist DIR            run the gateway from another build (a copy of dist/ kept for A/B runs; implies --skip-build)
  --node-flags 'F …'    extra node flags for the gateway process (e.g. '--max-semi-space-size=8'), for experiments
  --profile [MODE]      afterwards, restart the gateway under --cpu-prof, run MODE (default c1) against it
                        and summarise self time by file and function (profile saved in the results dir)
  --profile-duration S  seconds of the profiled run (default: --duration)
  --out DIR             results directory (default bench/results)
  --keep                keep the temp dir (database, logs)
  --fail-on-goals       exit 1 when a goal is missed
`);
  process.exit(code);
}
const opt = {
  duration: 10, rounds: 1, build: true, modes: ['c1', 'c64', 'stream1', 'stream64'], targets: ['direct', 'floor', 'gateway'],
  warmup: 3, ttftN: 300, floorThreads: 1, chunkDelayMs: 0, mockPort: 18080, port: null, logLevel: null, nodeFlags: [], profile: null,
  profileDuration: null, out: join(REPO, 'bench', 'results'), keep: false, failOnGoals: false,
};
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => {
      const x = argv[++i];
      if (x === undefined) {
        process.stderr.write(`${a} needs a value\n`);
        process.exit(2);
      }
      return x;
    };
    const num = () => {
      const x = Number(v());
      if (!Number.isFinite(x) || x < 0) {
        process.stderr.write(`${a} needs a non-negative number\n`);
        process.exit(2);
      }
      return x;
    };
    if (a === '--duration') opt.duration = num();
    else if (a === '--rounds') opt.rounds = num();
    else if (a === '--skip-build') opt.build = false;
    else if (a === '--modes') opt.modes = v().split(',').filter(Boolean);
    else if (a === '--targets') opt.targets = v().split(',').filter(Boolean);
    else if (a === '--warmup') opt.warmup = num();
    else if (a === '--ttft-n') opt.ttftN = num();
    else if (a === '--floor-threads') opt.floorThreads = Math.max(1, Math.floor(num()));
    else if (a === '--chunk-delay-ms') opt.chunkDelayMs = num();
    else if (a === '--mock-port') opt.mockPort = num();
    else if (a === '--port') opt.port = num();
    else if (a === '--log-level') opt.logLevel = v();
    else if (a === '--dist') {
      CLI = join(resolve(v()), 'cli', 'main.js');
      opt.build = false;
    } else if (a === '--node-flags') opt.nodeFlags = v().split(/\s+/).filter(Boolean);
    else if (a === '--profile') opt.profile = argv[i + 1] && MODES[argv[i + 1]] ? argv[++i] : 'c1';
    else if (a === '--profile-duration') opt.profileDuration = num();
    else if (a === '--out') opt.out = resolve(v());
    else if (a === '--keep') opt.keep = true;
    else if (a === '--fail-on-goals') opt.failOnGoals = true;
    else if (a === '--help' || a === '-h') usage(0);
    else {
      process.stderr.write(`unknown argument ${a}\n\n`);
      usage(2);
    }
  }
  for (const m of opt.modes) if (!MODES[m]) { process.stderr.write(`unknown mode ${m} (c1, c64, stream1, stream64)\n`); process.exit(2); }
  for (const t of opt.targets) if (!TARGETS.includes(t)) { process.stderr.write(`unknown target ${t} (${TARGETS.join(', ')})\n`); process.exit(2); }
  if (!opt.targets.includes('direct')) opt.targets.unshift('direct'); // ratios need it
  if (opt.profile && !opt.targets.includes('gateway')) opt.targets.push('gateway');
  opt.profileDuration ??= opt.duration;
}
const useGateway = opt.targets.includes('gateway');
const log = (s) => process.stderr.write(`${s}\n`);

// ---------------------------------------------------------------------------------------------------------
// process bookkeeping: every child we start is in `children`; all are stopped on exit/Ctrl-C/error.
const children = new Map(); // pid -> { child, name }
function track(child, name) {
  children.set(child.pid, { child, name });
  child.on('exit', () => children.delete(child.pid));
  return child;
}
async function stopChild(child, { graceMs = 8000 } = {}) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = new Promise((r) => setTimeout(() => r('timeout'), graceMs));
  if ((await Promise.race([exited, timer])) === 'timeout') {
    log(`  ${children.get(child.pid)?.name ?? child.pid} did not stop within ${graceMs} ms; SIGKILL`);
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    await exited;
  }
}
let tempDir = null;
let cleaningUp = null;
async function cleanup() {
  cleaningUp ??= (async () => {
    await Promise.all([...children.values()].map(({ child }) => stopChild(child)));
    if (tempDir && !opt.keep) rmSync(tempDir, { recursive: true, force: true });
    else if (tempDir) log(`temp dir kept: ${tempDir}`);
  })();
  return cleaningUp;
}
process.on('exit', () => {
  for (const { child } of children.values()) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    log(`\n${sig}: stopping everything this benchmark started…`);
    cleanup().finally(() => process.exit(130));
  });
}

process.on('unhandledRejection', (e) => void fail(e instanceof Error ? e.stack : String(e)));
process.on('uncaughtException', (e) => void fail(e.stack ?? String(e)));

async function fail(message) {
  if (cleaningUp) return cleaningUp; // already stopping (Ctrl-C): errors from killed children are expected
  log(`\nERROR: ${message}`);
  await cleanup();
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------------------
// helpers
function freePort() {
  return new Promise((res, rej) => {
    const s = net.createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}
function portInUse(port) {
  return new Promise((res) => {
    const sock = net.connect({ port, host: '127.0.0.1' });
    sock.once('connect', () => {
      sock.destroy();
      res(true);
    });
    sock.once('error', () => res(false));
  });
}
function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
async function waitReady(name, child, logFile, probe, timeoutMs = 30_000) {
  const t0 = Date.now();
  let lastErr = '';
  while (Date.now() - t0 < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await fail(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready. Last log lines (${logFile}):\n${tail(logFile)}`);
    }
    try {
      if (await probe()) return Date.now() - t0;
    } catch (e) {
      lastErr = e.message;
    }
    await sleep(100);
  }
  await fail(`${name} not ready after ${timeoutMs} ms (${lastErr}). Last log lines (${logFile}):\n${tail(logFile)}`);
}
function cli(args) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: REPO, encoding: 'utf8', env: process.env });
  if (r.status !== 0) throw new Error(`tf-gateway ${args.join(' ')} exited ${r.status}:\n${r.stderr}${r.stdout}`);
  return r.stdout;
}
function lastJson(out, field) {
  for (const line of out.trim().split('\n').reverse()) {
    try {
      const j = JSON.parse(line);
      if (j && typeof j === 'object' && field in j) return j;
    } catch {
      /* not JSON */
    }
  }
  // pretty-printed single object
  try {
    const j = JSON.parse(out);
    if (j && field in j) return j;
  } catch {
    /* no */
  }
  throw new Error(`no JSON object with "${field}" in output:\n${out}`);
}
const f = (x, d = 2) => (x == null || Number.isNaN(x) ? '–' : Number(x).toFixed(d));
const fInt = (x) => (x == null ? '–' : Math.round(x).toLocaleString('en-US'));
const signed = (x, d = 3) => (x == null ? '–' : `${x >= 0 ? '+' : ''}${x.toFixed(d)}`);
const mib = (kb) => (kb == null ? null : kb / 1024);

// ---------------------------------------------------------------------------------------------------------
// 0. prerequisites
if (!wrkAvailable()) {
  log('wrk is not installed. It is the load generator (µs-resolution latency percentiles). Install it with:\n\n  apt-get update && apt-get install -y wrk\n');
  process.exit(1);
}
const meta = {
  started: new Date().toISOString(),
  node: process.version,
  wrk: wrkVersion(),
  cpus: cpus().length,
  cpu_model: cpus()[0]?.model ?? 'unknown',
  git: (() => {
    try {
      const rev = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO }).toString().trim();
      const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: REPO }).toString().trim() !== '';
      return `${rev}${dirty ? ' (uncommitted changes)' : ''}`;
    } catch {
      return 'unknown';
    }
  })(),
  options: { ...opt, out: relative(REPO, opt.out) || '.' },
};
log(`tf-gateway overhead benchmark — node ${meta.node}, ${meta.wrk}, ${meta.cpus} cores (${meta.cpu_model}), git ${meta.git}`);

// 1. build
if (useGateway && opt.build) {
  log('building: npm run build …');
  const r = spawnSync('npm', ['run', 'build'], { cwd: REPO, encoding: 'utf8' });
  if (r.status !== 0) {
    log(`${r.stdout}${r.stderr}`.trim().split('\n').slice(-30).join('\n'));
    await fail("'npm run build' failed (output above). Fix the build, or run with --skip-build to use the existing dist/.");
  }
}
if (useGateway && !existsSync(CLI)) await fail(`${relative(REPO, CLI)} does not exist; run 'npm run build' (or use --targets direct,floor to run without the gateway).`);

// 2. temp dir, mock upstream
tempDir = mkdtempSync(join(tmpdir(), 'tf-bench-overhead-'));
if (await portInUse(opt.mockPort)) await fail(`port ${opt.mockPort} is already in use; stop whatever listens there or pass --mock-port`);
const mockLog = join(tempDir, 'mock.log');
const mockFd = openSync(mockLog, 'a');
const mock = track(
  spawn(process.execPath, [join(HERE, 'mock-upstream.mjs'), '--port', String(opt.mockPort), '--chunks', '20', '--chunk-delay-ms', String(opt.chunkDelayMs)], { stdio: ['ignore', mockFd, mockFd] }),
  'mock upstream',
);
closeSync(mockFd);
const mockBase = `http://127.0.0.1:${opt.mockPort}`;
await waitReady('mock upstream', mock, mockLog, async () => (await httpRequest(`${mockBase}/health`)).status === 200);
log(`mock upstream pid ${mock.pid} on ${mockBase}/v1`);

const targets = {
  direct: { url: `${mockBase}/v1`, headers: { authorization: 'Bearer sk-mock' }, model: UPSTREAM_MODEL, main: 'mock', procs: () => ({ mock: mock.pid }) },
};

// 2b. floor proxy (no provisioning: it only checks that a bearer token is present)
let floor = null;
if (opt.targets.includes('floor')) {
  const floorPort = await freePort();
  const floorLog = join(tempDir, 'floor.log');
  const fd = openSync(floorLog, 'a');
  floor = track(spawn(process.execPath, [join(HERE, 'floor-proxy.mjs'), '--port', String(floorPort), '--upstream', mockBase, '--threads', String(opt.floorThreads)], { cwd: REPO, stdio: ['ignore', fd, fd] }), 'floor proxy');
  closeSync(fd);
  const base = `http://127.0.0.1:${floorPort}`;
  await waitReady('floor proxy', floor, floorLog, async () => (await httpRequest(`${base}/health`)).status === 200);
  log(`floor proxy pid ${floor.pid} on ${base}/v1`);
  targets.floor = { url: `${base}/v1`, headers: { authorization: 'Bearer sk-floor' }, model: UPSTREAM_MODEL, main: 'floor', procs: () => ({ floor: floor.pid, mock: mock.pid }) };
}

// 2c. nginx (Debian's nginx-light), one worker with upstream keep-alive: what a C proxy costs on this box
// in the same run, the reference the issue's CPU figures are set against.
let nginxWorker = null;
if (opt.targets.includes('nginx')) {
  const nginxBin = nginxBinary();
  if (nginxBin === '') await fail('nginx is not installed (apt-get install -y nginx-light); leave nginx out of --targets');
  const nginxPort = await freePort();
  const { prefix, args } = writeNginxConfig(tempDir, { port: nginxPort, mockPort: opt.mockPort });
  const master = track(spawn(nginxBin, args, { stdio: 'ignore' }), 'nginx');
  const base = `http://127.0.0.1:${nginxPort}`;
  await waitReady('nginx', master, join(prefix, 'logs', 'error.log'), async () => (await httpRequest(`${mockBase}/health`)).status === 200 && (await httpRequest(`${base}/health`)).status === 200);
  nginxWorker = nginxWorkerPid(master.pid);
  log(`nginx worker pid ${nginxWorker} on ${base}/v1`);
  targets.nginx = { url: `${base}/v1`, headers: { authorization: 'Bearer sk-mock' }, model: UPSTREAM_MODEL, main: 'nginx', procs: () => ({ nginx: nginxWorker, mock: mock.pid }) };
}

// 3. gateway: provision, start
let gateway = null;
let gatewayPort = null;
let secret = null;
let dbUrl = null;
let catalogue = join(HERE, 'catalogue.yaml');
const gatewayLog = join(tempDir, 'gateway.log');

async function startGateway(extraNodeFlags = []) {
  const args = [...START_NODE_FLAGS, ...opt.nodeFlags, ...extraNodeFlags, CLI, 'serve', '--config', catalogue, '--port', String(gatewayPort), '--host', '127.0.0.1', '--database', dbUrl];
  const env = { ...process.env };
  if (opt.logLevel) env.TF_LOG_LEVEL = opt.logLevel;
  const fd = openSync(gatewayLog, 'a');
  const child = track(spawn(process.execPath, args, { cwd: REPO, stdio: ['ignore', fd, fd], env }), 'gateway');
  closeSync(fd);
  const base = `http://127.0.0.1:${gatewayPort}`;
  let healthMissing = false;
  const ms = await waitReady('gateway', child, gatewayLog, async () => {
    if (!healthMissing) {
      const r = await httpRequest(`${base}/health`);
      if (r.status === 200) return true;
      if (r.status === 404) healthMissing = true;
      return false;
    }
    return (await httpRequest(`${base}/v1/models`, { headers: { authorization: `Bearer ${secret}` } })).status === 200;
  });
  log(`gateway pid ${child.pid} on ${base}/v1 (ready in ${ms} ms${healthMissing ? '; no /health, polled /v1/models' : ''})`);
  return child;
}

if (useGateway) {
  dbUrl = `sqlite:${join(tempDir, 'bench.db')}`;
  if (opt.mockPort !== 18080) {
    catalogue = join(tempDir, 'catalogue.yaml');
    writeFileSync(catalogue, readFileSync(join(HERE, 'catalogue.yaml'), 'utf8').replaceAll('127.0.0.1:18080', `127.0.0.1:${opt.mockPort}`));
  }
  try {
    cli(['migrate', '--database', dbUrl]);
    const org = lastJson(cli(['admin', 'org', 'create', '--name', 'bench', '--database', dbUrl]), 'id');
    const proj = lastJson(cli(['admin', 'project', 'create', '--org', org.id, '--name', 'p', '--database', dbUrl]), 'id');
    const key = lastJson(cli(['admin', 'key', 'create', '--project', proj.id, '--name', 'bench', '--database', dbUrl]), 'secret');
    cli(['admin', 'credit', '--org', org.id, '--amount', '1000000.00', '--database', dbUrl]);
    secret = key.secret;
    log(`provisioned org ${org.id}, project ${proj.id}, key ${secret.slice(0, 12)}…, credit $1,000,000.00`);
  } catch (e) {
    await fail(`provisioning with the CLI failed: ${e.message}`);
  }
  gatewayPort = opt.port ?? (await freePort());
  gateway = await startGateway();
  targets.gateway = {
    url: `http://127.0.0.1:${gatewayPort}/v1`,
    headers: { authorization: `Bearer ${secret}` },
    model: GATEWAY_MODEL,
    main: 'gateway',
    procs: () => ({ gateway: gateway.pid, mock: mock.pid }),
  };
}
const targetNames = opt.targets.filter((t) => targets[t]);

// ---------------------------------------------------------------------------------------------------------
// 4. functional checks
const checks = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok, detail });
  log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
  return ok;
}
async function post(t, stream, headers = targets[t].headers) {
  return httpRequest(`${targets[t].url}/chat/completions`, { method: 'POST', headers, body: requestBody(targets[t].model, stream) });
}
async function mockLast() {
  return JSON.parse((await httpRequest(`${mockBase}/_mock/stats`)).text).last;
}
/** JSON.parse, or null for text that is not JSON (the checks then report what they got). */
function jsonOrNull(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
function parseStream(text) {
  const data = sseData(text);
  const out = { events: data.length, done: data.at(-1) === '[DONE]', content: '', contentChunks: 0, usage: null, error: null, chunkObjects: true };
  for (const d of data) {
    if (d === '[DONE]') continue;
    let j;
    try {
      j = JSON.parse(d);
    } catch {
      out.error = `unparseable event ${d.slice(0, 80)}`;
      continue;
    }
    if (j.error) out.error = JSON.stringify(j.error).slice(0, 200);
    if (j.object !== 'chat.completion.chunk' && !j.error) out.chunkObjects = false;
    if (j.usage) out.usage = j.usage;
    if (Array.isArray(j.choices) && j.choices.length) {
      out.contentChunks++;
      out.content += j.choices[0]?.delta?.content ?? '';
    }
  }
  return out;
}
log('checks:');
let reference = null;
{
  const r = await post('direct', false);
  const j = jsonOrNull(r.text);
  reference = { content: j?.choices?.[0]?.message?.content, streamContent: null };
  check('direct non-stream: 200, chat.completion with content and usage', r.status === 200 && j?.object === 'chat.completion' && !!reference.content && j?.usage?.total_tokens > 0, `${r.status}, ${r.text.length} bytes`);
  const s = await post('direct', true);
  const p = parseStream(s.text);
  reference.streamContent = p.content;
  check('direct stream: 20 chunks + usage chunk + [DONE]', s.status === 200 && p.contentChunks === 20 && p.usage !== null && p.done && p.chunkObjects, `${s.status}, ${p.events} data events`);
}
if (targets.floor) {
  // The floor does only the work it is meant to: no cost in streams, no key lookup.
  const r = await post('floor', false);
  const j = jsonOrNull(r.text);
  check('floor non-stream: upstream content, usage.cost, x-request-id', r.status === 200 && j?.choices?.[0]?.message?.content === reference.content && j?.usage?.cost != null && typeof r.headers['x-request-id'] === 'string', `${r.status} ${r.status === 200 ? '' : r.text.slice(0, 200)}`);
  const p = parseStream((await post('floor', true)).text);
  check('floor stream: same content, usage chunk, [DONE]', p.content === reference.streamContent && p.usage !== null && p.done && !p.error && p.chunkObjects, `${p.events} data events, ${p.contentChunks} chunks`);
  check('floor rejects a request without a bearer token', (await post('floor', false, {})).status === 401);
}
if (targets.nginx) {
  const p = parseStream((await post('nginx', true)).text);
  check('nginx stream: same content, usage chunk, [DONE]', p.content === reference.streamContent && p.usage !== null && p.done && !p.error && p.chunkObjects, `${p.events} data events, ${p.contentChunks} chunks`);
}
if (targets.gateway) {
  const r = await post('gateway', false);
  const j = jsonOrNull(r.text);
  const up = await mockLast();
  const upBody = jsonOrNull(up?.body ?? 'null');
  check('gateway non-stream: 200 with the upstream content', r.status === 200 && j?.choices?.[0]?.message?.content === reference.content, `${r.status} ${r.status === 200 ? '' : r.text.slice(0, 200)}`);
  check('gateway non-stream: usage.cost present', typeof j?.usage?.cost === 'string' || typeof j?.usage?.cost === 'number', `usage = ${JSON.stringify(j?.usage ?? null)}`);
  check('gateway sent upstream model mock-model', upBody?.model === UPSTREAM_MODEL, `upstream saw model ${JSON.stringify(upBody?.model)}`);
  check('gateway answer has x-request-id', typeof r.headers['x-request-id'] === 'string', String(r.headers['x-request-id'] ?? 'missing'));
  const s = await post('gateway', true);
  const p = parseStream(s.text);
  const upS = await mockLast();
  const upSBody = jsonOrNull(upS?.body ?? 'null');
  check('gateway stream: same content, chunk objects, [DONE], no error frame', s.status === 200 && p.content === reference.streamContent && p.done && !p.error && p.chunkObjects, `${s.status}, ${p.events} data events, ${p.contentChunks} chunks${p.error ? `, error ${p.error}` : ''}`);
  check('gateway stream: usage chunk with cost', p.usage !== null && p.usage.cost != null, `usage = ${JSON.stringify(p.usage)}`);
  check('gateway asked upstream for stream usage (stream_options.include_usage)', upSBody?.stream_options?.include_usage === true, JSON.stringify(upSBody?.stream_options ?? null));
  const noKey = await post('gateway', false, {});
  check('gateway rejects a request without a key (auth on)', noKey.status === 401, `${noKey.status}`);
  const badKey = await post('gateway', false, { authorization: 'Bearer sk-tf-not-a-real-key-000000000000' });
  check('gateway rejects an unknown key', badKey.status === 401, `${badKey.status}`);
}
if (checks.some((c) => !c.ok)) await fail(`functional checks failed: ${checks.filter((c) => !c.ok).map((c) => c.name).join('; ')}`);

const idle = { mock_rss_kb: rssKb([mock.pid]), nginx_rss_kb: nginxWorker ? rssKb([nginxWorker]) : null, floor_rss_kb: floor ? rssKb([floor.pid]) : null, gateway_rss_kb: gateway ? rssKb([gateway.pid]) : null };
log(`idle RSS: mock ${f(mib(idle.mock_rss_kb), 1)} MiB${floor ? `, floor ${f(mib(idle.floor_rss_kb), 1)} MiB` : ''}${gateway ? `, gateway ${f(mib(idle.gateway_rss_kb), 1)} MiB` : ''}`);

// ---------------------------------------------------------------------------------------------------------
// 5. load runs
async function loadRun(t, mode, duration) {
  const m = MODES[mode];
  const target = targets[t];
  const stats0 = JSON.parse((await httpRequest(`${mockBase}/_mock/stats`)).text);
  const { result, procs } = await withProcWatch(target.procs(), () =>
    runWrk({ url: `${target.url}/chat/completions`, headers: target.headers, body: requestBody(target.model, m.stream), connections: m.connections, duration, track: (c) => track(c, 'wrk') }),
  );
  for (const p of Object.values(procs)) p.cpu_us_per_req = result.requests ? (p.cpu_ms * 1000) / result.requests : null;
  const stats1 = JSON.parse((await httpRequest(`${mockBase}/_mock/stats`)).text);
  const upstream = { requests: stats1.requests - stats0.requests, new_connections: stats1.connections - stats0.connections - 1 }; // -1: our own stats call
  return { target: t, mode, connections: m.connections, stream: m.stream, duration_s: duration, ...result, upstream, procs };
}
const rotate = (xs, r) => xs.map((_, i) => xs[(i + r) % xs.length]);

const warmups = [];
if (opt.warmup > 0 && opt.rounds > 0) {
  log(`warm-up: ${opt.warmup} s per target and mode (not recorded)`);
  for (const t of targetNames) for (const mode of opt.modes) warmups.push(await loadRun(t, mode, opt.warmup));
  const bad = warmups.filter((w) => w.errors > 0);
  for (const w of bad) log(`  warm-up ${w.target} ${w.mode}: ${w.errors} errors ${JSON.stringify(w.error_detail)}`);
}

const runs = [];
const ttfts = [];
async function ttftRun(t, round) {
  const target = targets[t];
  const args = [join(HERE, 'ttft.mjs'), '--url', target.url, '--model', target.model, '--n', String(opt.ttftN), '--label', t];
  for (const [k, v] of Object.entries(target.headers)) args.push('-H', `${k}: ${v}`);
  const child = track(spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] }), 'ttft probe');
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const { result: code, procs } = await withProcWatch(target.procs(), () => new Promise((r) => child.on('close', r)));
  if (code !== 0) throw new Error(`ttft probe for ${t} failed (${code}): ${err}`);
  return { round, ...JSON.parse(out), procs };
}
for (let r = 0; r < opt.rounds; r++) {
  for (const mode of opt.modes) {
    for (const t of rotate(targetNames, r)) {
      const res = await loadRun(t, mode, opt.duration);
      res.round = r + 1;
      runs.push(res);
      const main = res.procs[targets[t].main];
      log(
        `round ${r + 1}/${opt.rounds} ${mode.padEnd(8)} ${t.padEnd(7)} ${fInt(res.rps).padStart(7)} req/s  p50 ${f(res.p50_ms, 3)} ms  p99 ${f(res.p99_ms, 3)} ms  ` +
          `${targets[t].main} CPU ${fInt(main?.cpu_us_per_req)} µs/req  RSS max ${f(mib(main?.rss_max_kb), 1)} MiB  upstream conns opened ${res.upstream.new_connections}${res.errors ? `  ERRORS ${res.errors} ${JSON.stringify(res.error_detail)}` : ''}`,
      );
    }
  }
  if (opt.ttftN > 0) {
    for (const t of rotate(targetNames, r)) {
      try {
        const tt = await ttftRun(t, r + 1);
        ttfts.push(tt);
        log(`round ${r + 1}/${opt.rounds} ttft     ${t.padEnd(7)} p50 ${f(tt.ttft_p50_ms, 3)} ms  p99 ${f(tt.ttft_p99_ms, 3)} ms  end p50 ${f(tt.total_p50_ms, 3)} ms  ${tt.events_per_stream} events`);
      } catch (e) {
        log(`round ${r + 1}/${opt.rounds} ttft     ${t}: ${e.message}`);
        ttfts.push({ round: r + 1, label: t, error: e.message });
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// 6. optional CPU profile of the gateway under load
let profile = null;
if (opt.profile && gateway) {
  log(`profiling: restarting the gateway under --cpu-prof, ${opt.profile} for ${opt.profileDuration} s`);
  await stopChild(gateway);
  const profDir = join(tempDir, 'cpu-prof');
  mkdirSync(profDir, { recursive: true });
  gateway = await startGateway(['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-interval', '250']);
  await loadRun('gateway', opt.profile, Math.max(2, opt.warmup));
  const from = Number(process.hrtime.bigint() / 1000n);
  const res = await loadRun('gateway', opt.profile, opt.profileDuration);
  const to = Number(process.hrtime.bigint() / 1000n);
  await stopChild(gateway, { graceMs: 20_000 }); // the profile is written when the process exits cleanly
  const file = readdirSync(profDir).find((x) => x.endsWith('.cpuprofile'));
  if (!file) {
    log(`  no .cpuprofile written (did the gateway exit cleanly on SIGTERM?). Log tail:\n${tail(gatewayLog, 10)}`);
  } else {
    const summary = summarizeProfile(JSON.parse(readFileSync(join(profDir, file), 'utf8')), { from, to, appRoot: REPO, top: 40 });
    // from/to: the load window on the profile's clock, for `profile-summary.mjs FILE --from F --to T`
    profile = { mode: opt.profile, duration_s: opt.profileDuration, run: res, file, from_us: from, to_us: to, summary };
    mkdirSync(opt.out, { recursive: true });
    profile.saved = join(opt.out, `overhead-${meta.started.replace(/[:.]/g, '-')}-gateway-${opt.profile}.cpuprofile`);
    copyFileSync(join(profDir, file), profile.saved);
  }
}

// request log: rows written for what we sent (after the gateway stopped, so the batch writer flushed)
if (gateway) await stopChild(gateway, { graceMs: 20_000 });
let requestLog = null;
if (dbUrl) {
  try {
    const { loadSqliteDriver } = await import(pathToFileURL(join(REPO, 'dist/store/sqlite-driver.js')).href);
    const Database = loadSqliteDriver();
    const db = new Database(dbUrl.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
    const count = (table) => {
      try {
        return db.prepare(`select count(*) as n from ${table}`).get().n;
      } catch {
        return null;
      }
    };
    requestLog = { request_log_rows: count('request_log'), usage_events_rows: count('usage_events'), ledger_entries_rows: count('ledger_entries') };
    db.close();
  } catch (e) {
    requestLog = { error: e.message };
  }
  const sent = [...warmups, ...runs, ...(profile ? [profile.run] : [])].filter((x) => x.target === 'gateway').reduce((s, x) => s + x.requests, 0) + ttfts.filter((x) => x.label === 'gateway' && !x.error).length * (opt.ttftN + 30);
  requestLog = { ...requestLog, gateway_requests_completed_approx: sent };
}

// ---------------------------------------------------------------------------------------------------------
// 7. aggregate and report
const agg = {};
for (const t of targetNames) {
  for (const mode of opt.modes) {
    const rs = runs.filter((x) => x.target === t && x.mode === mode);
    if (!rs.length) continue;
    const main = targets[t].main;
    agg[`${t}|${mode}`] = {
      target: t,
      mode,
      n: rs.length,
      rps: median(rs.map((x) => x.rps)),
      rps_runs: rs.map((x) => Math.round(x.rps)),
      p50_ms: median(rs.map((x) => x.p50_ms)),
      p99_ms: median(rs.map((x) => x.p99_ms)),
      cpu_us_per_req: median(rs.map((x) => x.procs[main]?.cpu_us_per_req)),
      mock_cpu_us_per_req: median(rs.map((x) => x.procs.mock?.cpu_us_per_req)),
      rss_max_kb: t === 'direct' ? null : Math.max(...rs.map((x) => x.procs[main]?.rss_max_kb ?? 0)),
      errors: rs.reduce((s, x) => s + x.errors, 0),
    };
  }
}
const ttftAgg = {};
for (const t of targetNames) {
  const ts = ttfts.filter((x) => x.label === t && !x.error);
  if (!ts.length) continue;
  ttftAgg[t] = {
    n: ts.reduce((s, x) => s + x.n, 0),
    rounds: ts.length,
    ttft_p50_ms: median(ts.map((x) => x.ttft_p50_ms)),
    ttft_p99_ms: median(ts.map((x) => x.ttft_p99_ms)),
    total_p50_ms: median(ts.map((x) => x.total_p50_ms)),
    events_per_stream: ts.at(-1).events_per_stream,
    usage_cost: ts.at(-1).usage_cost,
    rss_max_kb: t === 'direct' ? null : Math.max(...ts.map((x) => x.procs[targets[t].main]?.rss_max_kb ?? 0)),
  };
}
// Throughput of one target over another's, per mode, from the medians (as "÷ direct" is).
const rpsRatio = (t, over, mode) => {
  const a = agg[`${t}|${mode}`];
  const b = agg[`${over}|${mode}`];
  return a && b && b.rps ? a.rps / b.rps : null;
};
const gatewayVsFloor = {};
for (const mode of opt.modes) {
  const v = rpsRatio('gateway', 'floor', mode);
  if (v != null) gatewayVsFloor[mode] = v;
}
const withFloor = Object.keys(gatewayVsFloor).length > 0;
const floorC64 = gatewayVsFloor.c64 == null ? null : { floor_div_direct: rpsRatio('floor', 'direct', 'c64'), gateway_div_direct: rpsRatio('gateway', 'direct', 'c64'), gateway_div_floor: gatewayVsFloor.c64 };

let md = `## tf-gateway overhead (${meta.started}, git ${meta.git})\n\n`;
md += `node ${meta.node}, ${meta.wrk} (1 thread), ${meta.cpus} cores (${meta.cpu_model}), all on 127.0.0.1; ${opt.rounds} round(s) × ${opt.duration} s per target and mode, target order rotated per round, medians shown. ` +
  `Mock: 20 chunks per stream${opt.chunkDelayMs ? `, ${opt.chunkDelayMs} ms apart` : ', no delay'}. Gateway: SQLite, API-key auth, request log and cost on, log level ${opt.logLevel ?? 'default'}, node flags ${[...START_NODE_FLAGS, ...opt.nodeFlags].join(' ') || 'none'}.` +
  `${floor ? ` Floor: floor-proxy.mjs${opt.floorThreads > 1 ? ` on ${opt.floorThreads} threads sharing one listening socket` : ''}, Fastify + one undici Pool${opt.floorThreads > 1 ? ' per thread' : ''} doing only the unavoidable work (bearer present, model rewrite, cost added to JSON answers, SSE piped unparsed).` : ''}\n\n`;
// "req/s ÷ floor" only when both floor and gateway ran: the gateway's share of what its own stack reaches.
md += `| target | mode | req/s | runs req/s | p50 ms | p99 ms | req/s ÷ direct |${withFloor ? ' req/s ÷ floor |' : ''} p50 added ms | p99 added ms | CPU µs/req | RSS max MiB | errors |\n`;
md += `|---|---|---:|---|---:|---:|---:|${withFloor ? '---:|' : ''}---:|---:|---:|---:|---:|\n`;
for (const mode of opt.modes) {
  const d = agg[`direct|${mode}`];
  for (const t of targetNames) {
    const a = agg[`${t}|${mode}`];
    if (!a) continue;
    const isD = t === 'direct';
    const cells = [t === 'gateway' ? `**${t}**` : t, mode, fInt(a.rps), a.rps_runs.join(' / '), f(a.p50_ms, 3), f(a.p99_ms, 3), isD ? '1' : f(a.rps / d.rps, 3)];
    if (withFloor) cells.push(t === 'floor' ? '1' : t === 'gateway' ? f(gatewayVsFloor[mode], 3) : '–');
    cells.push(isD ? '0' : signed(a.p50_ms - d.p50_ms), isD ? '0' : signed(a.p99_ms - d.p99_ms));
    cells.push(`${fInt(a.cpu_us_per_req)}${isD ? ' (mock)' : ` (+mock ${fInt(a.mock_cpu_us_per_req)})`}`, isD ? '–' : f(mib(a.rss_max_kb), 1), a.errors);
    md += `| ${cells.join(' | ')} |\n`;
  }
}
if (Object.keys(ttftAgg).length) {
  md += `\nStreaming time to first chunk at concurrency 1 (${opt.ttftN} sequential streams per round, node:http, keep-alive; median of rounds):\n\n`;
  md += '| target | TTFT p50 ms | TTFT p99 ms | added TTFT p50 ms | stream end p50 ms | data events/stream | usage.cost in stream |\n|---|---:|---:|---:|---:|---:|---|\n';
  for (const t of targetNames) {
    const a = ttftAgg[t];
    if (!a) continue;
    const d = ttftAgg.direct;
    md += `| ${t} | ${f(a.ttft_p50_ms, 3)} | ${f(a.ttft_p99_ms, 3)} | ${t === 'direct' ? '0' : signed(a.ttft_p50_ms - d.ttft_p50_ms)} | ${f(a.total_p50_ms, 3)} | ${a.events_per_stream} | ${a.usage_cost ?? '–'} |\n`;
  }
}

const goals = [];
if (targets.gateway) {
  const g1 = agg['gateway|c1'];
  const d1 = agg['direct|c1'];
  if (g1 && d1) {
    const v = g1.p50_ms - d1.p50_ms;
    goals.push({ goal: 'p50 added latency, c1 (non-stream)', measured: `${signed(v)} ms`, target: `< ${GOALS.p50AddedC1Ms} ms`, portkey: PORTKEY.p50AddedC1, pass: v < GOALS.p50AddedC1Ms });
  }
  const g64 = agg['gateway|c64'];
  const d64 = agg['direct|c64'];
  if (g64 && d64) {
    const v = g64.rps / d64.rps;
    goals.push({ goal: 'throughput at c64 ÷ direct', measured: `${f(v, 3)} (${fInt(g64.rps)} vs ${fInt(d64.rps)} req/s)`, target: `≥ ${GOALS.c64Ratio}`, portkey: PORTKEY.c64Ratio, pass: v >= GOALS.c64Ratio });
  }
  if (ttftAgg.gateway && ttftAgg.direct) {
    const v = ttftAgg.gateway.ttft_p50_ms - ttftAgg.direct.ttft_p50_ms;
    goals.push({ goal: 'added time to first token (p50, c1)', measured: `${signed(v)} ms`, target: `< ${GOALS.ttftAddedMs} ms`, portkey: PORTKEY.ttftAdded, pass: v < GOALS.ttftAddedMs });
  }
  const rssAll = [...runs.filter((x) => x.target === 'gateway').map((x) => x.procs.gateway?.rss_max_kb ?? 0), ...(ttftAgg.gateway ? [ttftAgg.gateway.rss_max_kb] : [])];
  if (rssAll.length) {
    const kb = Math.max(...rssAll);
    goals.push({ goal: 'peak gateway RSS under load', measured: `${f(mib(kb), 1)} MiB (${f((kb * 1024) / 1e6, 1)} MB)`, target: `< 200 MB (${f(GOALS.rssBytes / 1048576, 1)} MiB)`, portkey: PORTKEY.rss, pass: kb * 1024 < GOALS.rssBytes });
  }
  const gs64 = agg['gateway|stream64'];
  if (gs64) {
    const v = gs64.cpu_us_per_req;
    const n64 = agg['nginx|stream64'];
    const vsNginx = n64 ? ` (${f(v / n64.cpu_us_per_req, 1)} × nginx's ${fInt(n64.cpu_us_per_req)})` : '';
    goals.push({ goal: 'CPU per streamed request, stream64', measured: `${fInt(v)} µs${vsNginx}`, target: `≤ ${GOALS.stream64CpuUs} µs`, portkey: PORTKEY.stream64Cpu, pass: v <= GOALS.stream64CpuUs });
  }
  const errs = runs.filter((x) => x.target === 'gateway').reduce((s, x) => s + x.errors, 0);
  if (runs.length) goals.push({ goal: 'errors through the gateway (non-2xx, socket, timeout)', measured: String(errs), target: '0', portkey: PORTKEY.errors, pass: errs === 0 });
}
if (goals.length) {
  md += '\nGoals (issue: 2 shared cores, loopback):\n\n| goal | measured | target | Portkey 1.15.2 (same method) | result |\n|---|---|---|---|---|\n';
  for (const g of goals) md += `| ${g.goal} | ${g.measured} | ${g.target} | ${g.portkey} | ${g.pass ? 'PASS' : '**FAIL**'} |\n`;
  // Context, not a goal: what a proxy that does only the unavoidable work keeps on the same stack and box.
  if (floorC64) {
    const fl = agg['floor|c64'];
    const gw = agg['gateway|c64'];
    md += `\nStack floor at c64 (floor-proxy.mjs, same rounds): ${f(floorC64.floor_div_direct, 3)} of direct (${fInt(fl.rps)} req/s, ${fInt(fl.cpu_us_per_req)} µs/req) against the gateway's ${f(floorC64.gateway_div_direct, 3)} (${fInt(gw.cpu_us_per_req)} µs/req); gateway ÷ floor ${f(floorC64.gateway_div_floor, 3)}.\n`;
  }
  const info = [];
  const s64 = agg['gateway|stream64'];
  const ds64 = agg['direct|stream64'];
  if (s64 && ds64) info.push(`stream64 throughput ÷ direct ${f(s64.rps / ds64.rps, 3)} (Portkey ${PORTKEY.stream64Ratio})`);
  if (agg['gateway|c1']) info.push(`gateway CPU per request at c1 ${fInt(agg['gateway|c1'].cpu_us_per_req)} µs (Portkey ${PORTKEY.cpuC1}, nginx ${agg['nginx|c1'] ? `${fInt(agg['nginx|c1'].cpu_us_per_req)} µs in this run` : '28 µs in the anchor run'})`);
  if (gateway) info.push(`idle RSS ${f(mib(idle.gateway_rss_kb), 1)} MiB`);
  if (requestLog && !requestLog.error) info.push(`request_log rows after the run: ${fInt(requestLog.request_log_rows)} for ≈${fInt(requestLog.gateway_requests_completed_approx)} completed gateway requests (wrk does not count the ≤64 in flight when a run ends)`);
  if (info.length) md += `\nAlso: ${info.join('; ')}.\n`;
}
if (profile) md += `\n### CPU profile of the gateway, ${profile.mode}, ${profile.duration_s} s (${fInt(profile.run.rps)} req/s while profiled; saved as ${relative(REPO, profile.saved)})\n\n${formatSummary(profile.summary, { topFunctions: 30 })}`;

process.stdout.write(`\n${md}`);
mkdirSync(opt.out, { recursive: true });
const stamp = meta.started.replace(/[:.]/g, '-');
const jsonFile = join(opt.out, `overhead-${stamp}.json`);
writeFileSync(jsonFile, `${JSON.stringify({ meta, checks, idle, warmups, runs, ttfts, aggregates: agg, ttft: ttftAgg, gateway_div_floor: gatewayVsFloor, floor_c64: floorC64, goals, request_log: requestLog, profile }, null, 2)}\n`);
writeFileSync(join(opt.out, `overhead-${stamp}.md`), md);
log(`\nraw results: ${relative(process.cwd(), jsonFile) || jsonFile} (and .md)`);
await cleanup();
process.exit(opt.failOnGoals && goals.some((g) => !g.pass) ? 1 : 0);

/** The flags between `node` and the CLI in package.json's start script (e.g. --max-semi-space-size=8). */
function startScriptNodeFlags() {
  const start = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).scripts?.start ?? '';
  const words = start.trim().split(/\s+/);
  const cli = words.indexOf('dist/cli/main.js');
  if (words[0] !== 'node' || cli < 0) throw new Error(`package.json's start script is not 'node [flags] dist/cli/main.js …': ${start}`);
  return words.slice(1, cli);
}
