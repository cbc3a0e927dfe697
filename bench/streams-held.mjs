#!/usr/bin/env node
// Thousands of long streams held at once, side by side: direct to a mock upstream, through nginx
// (when installed) and through tf-gateway. The mock sends --chunks events --delay-ms apart (default
// 50 x 100 ms = 5 s a stream); N streams open within --ramp-ms, one connection each, every event read.
//
//   npm run build && node bench/streams-held.mjs [--n 1000] [--chunks 50] [--delay-ms 100] [--ramp-ms 2000]
//                                                [--targets direct,nginx,floor,tf,tf-anthropic,tf-messages,tf-messages-openai] [--node-flags '--cpu-prof'] [--dist DIR] [--keep]
//                                                [--workers N [--redis redis://127.0.0.1:6379]] [--warmup N] [--rounds N] [--repeat N] [--timeline]
//
// Prints one table: completed streams, TTFT p50/p99 (time to what the upstream's first write carries: the
// chat client's first chunk with `content`, the role chunk; the Messages client's message_start), the TTFT p99
// the proxy adds over direct, stream duration p50, the proxy's CPU seconds and CPU per relayed event,
// its peak RSS during the run and its RSS when idle before it. The load generator runs in its own
// process per target (`--client` mode of this file), so its CPU is not the proxy's. `floor` (`--floor`
// mode of this file) is the least a Node proxy on the gateway's stack does per event: node:http and an
// undici dispatch handler writing each upstream read to the client, nothing else, listening as the
// gateway does (TF_LISTEN_SOCKETS sockets on Node 22.12+). `tf-anthropic` is
// tf-gateway with an Anthropic upstream (the mock's /v1/messages): the same OpenAI client, its stream
// translated from Anthropic events through the IR instead of relayed as the upstream sent it;
// `tf-messages` is an Anthropic client (POST /v1/messages) on that upstream, relayed by the Messages
// passthrough; `tf-messages-openai` is that Anthropic client on the OpenAI-style upstream of `tf`, its
// chat chunks translated into Messages events (direct, nginx and floor always serve the chat client).
// Each target runs alone against its own fresh mock upstream. `--workers N` runs tf as `serve --workers N` on
// PostgreSQL (a fresh database per run, `createdb -h 127.0.0.1 -U postgres`, dropped after) and Redis
// (its own key prefix, deleted after) instead of SQLite; its CPU and RSS are summed over the primary
// and every worker. `--warmup N` sends N streams to each target before the measured ones (a
// started gateway loads and compiles its streaming path on the first requests). `--rounds N` sends the
// whole burst N times to each target, 2 s apart, and reports the last one (a note lists the CPU of
// each): the first burst of 1,000 new streams still pays one-time costs (JIT compilation of the
// paths a burst takes, heap growth) that later bursts do not. `--repeat N` measures every target N
// times, each time with fresh processes, and ends with the median and range per target: one run's
// added TTFT p99 moves by ±20 ms on a quiet 2-core box, so judge a goal on the median. `--timeline` loads
// bench/lib/proxy-timeline.mjs into floor and tf (one process) and notes, for the last burst, where a
// stream's time to first token went: the client's connect, the wait for the proxy to accept it (the
// listen queue), Node handing over the request, the request to the upstream call (the proxy's own work),
// the upstream call to the upstream's answer, that answer to the first event written, and the write
// to the client's read, over all streams and over the first 50 opened. Its hooks cost CPU: compare TTFT
// and CPU without it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, nginxBinary, nginxWorkerPid, writeNginxConfig } from './overhead/lib.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const o = { n: 1000, chunks: 50, delayMs: 100, rampMs: 2000, targets: ['direct', 'nginx', 'floor', 'tf'], nodeFlags: [], keep: false, client: false, floor: false, port: 0, upstream: '', url: '', headers: {}, model: 'bench/mini', dist: join(ROOT, 'dist'), workers: null, warmup: 0, rounds: 1, repeat: 1, timeline: false, redis: 'redis://127.0.0.1:6379', api: 'chat' };
  for (let i = 0; i < argv.length; i++) {
    const v = () => argv[++i];
    switch (argv[i]) {
      case '--n': o.n = Number(v()); break;
      case '--chunks': o.chunks = Number(v()); break;
      case '--delay-ms': o.delayMs = Number(v()); break;
      case '--ramp-ms': o.rampMs = Number(v()); break;
      case '--targets': o.targets = v().split(','); break;
      case '--keep': o.keep = true; break;
      case '--timeline': o.timeline = true; break;
      case '--workers': o.workers = Number(v()); break;
      case '--warmup': o.warmup = Number(v()); break;
      case '--rounds': o.rounds = Number(v()); break;
      case '--repeat': o.repeat = Math.max(1, Math.floor(Number(v()))); break;
      case '--redis': o.redis = v(); break;
      case '--dist': o.dist = resolve(v()); break;
      case '--node-flags': o.nodeFlags = v().split(' ').filter(Boolean); break;
      case '--client': o.client = true; break;
      case '--api': o.api = v(); break;
      case '--floor': o.floor = true; break;
      case '--port': o.port = Number(v()); break;
      case '--upstream': o.upstream = v(); break;
      case '--url': o.url = v(); break;
      case '--model': o.model = v(); break;
      case '-H': { const h = v(); const k = h.indexOf(':'); o.headers[h.slice(0, k).trim()] = h.slice(k + 1).trim(); break; }
      case '-h': case '--help':
        process.stdout.write(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 18).map((l) => l.replace(/^\/\/ ?/, '')).join('\n') + '\n');
        process.exit(0);
        break;
      default: process.stderr.write(`streams-held: unknown argument ${argv[i]}\n`); process.exit(2);
    }
  }
  return o;
}

/** Client mode: open N streams, read them to the end, print one JSON line. */
async function runClient(o) {
  // --api messages: an Anthropic client (POST /messages, named events, the answer ends with message_stop).
  const messagesApi = o.api === 'messages';
  const url = new URL(`${o.url.replace(/\/$/, '')}/${messagesApi ? 'messages' : 'chat/completions'}`);
  const prompt = [{ role: 'user', content: 'Tell me about the weather.' }];
  const body = JSON.stringify(messagesApi ? { model: o.model, stream: true, max_tokens: 1024, messages: prompt } : { model: o.model, stream: true, messages: prompt });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  // --timeline: per stream, when it was opened, when its connection was up (and its port, which names
  // it in the proxy's rows) and when its first event was read, on the wall clock the proxy uses too.
  const timelineFile = process.env.TF_BENCH_CLIENT_TIMELINE;
  const timeline = [];
  const wall = () => performance.timeOrigin + performance.now();
  const one = () => new Promise((done) => {
    const t0 = performance.now();
    const row = timelineFile === undefined ? null : [wall(), NaN, 0, NaN];
    if (row !== null) timeline.push(row);
    let ttft = null, events = 0, sawDone = false, buffer = '';
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...o.headers } }, (res) => {
      if (res.statusCode !== 200) { res.resume(); done({ ok: false, why: `status ${res.statusCode}` }); return; }
      res.setEncoding('utf8');
      res.on('data', (text) => {
        buffer += text;
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (messagesApi) {
            if (event.startsWith('event: message_stop')) sawDone = true;
            else if (event.startsWith('event: ')) {
              events++;
              // message_start: what the first upstream write makes, as the chat client's role chunk is (an
              // OpenAI upstream's first text comes one --delay-ms later, in its second chunk).
              if (ttft === null && event.startsWith('event: message_start')) ttft = performance.now() - t0;
            }
          } else if (event.startsWith('data: [DONE]')) sawDone = true;
          else if (event.startsWith('data: ')) {
            events++;
            if (ttft === null && event.includes('"content"')) ttft = performance.now() - t0;
          }
          if (row !== null && ttft !== null && Number.isNaN(row[3])) row[3] = wall();
        }
      });
      res.on('end', () => done({ ok: sawDone, why: sawDone ? '' : messagesApi ? 'no message_stop' : 'no [DONE]', ttft, duration: performance.now() - t0, events }));
      res.on('error', (e) => done({ ok: false, why: e.code ?? e.message }));
    });
    if (row !== null) req.once('socket', (socket) => socket.once('connect', () => { row[1] = wall(); row[2] = socket.localPort; }));
    req.on('error', (e) => done({ ok: false, why: e.code ?? e.message }));
    req.setTimeout(180_000, () => req.destroy(new Error('timeout')));
    req.end(body);
  });
  const started = performance.now();
  const all = [];
  for (let i = 0; i < o.n; i++) {
    all.push(one());
    if (o.rampMs > 0 && i % 50 === 49) await new Promise((r) => setTimeout(r, (o.rampMs * 50) / o.n));
  }
  const results = await Promise.all(all);
  if (timelineFile !== undefined) writeFileSync(timelineFile, JSON.stringify(timeline));
  const ok = results.filter((r) => r.ok);
  const failures = {};
  for (const r of results) if (!r.ok) failures[r.why] = (failures[r.why] ?? 0) + 1;
  process.stdout.write(`${JSON.stringify({
    completed: ok.length, failures, events: ok.reduce((sum, r) => sum + r.events, 0),
    ttftP50: pct(ok.map((r) => r.ttft), 50), ttftP99: pct(ok.map((r) => r.ttft), 99), durationP50: pct(ok.map((r) => r.duration), 50),
    wallS: (performance.now() - started) / 1000,
    // The median TTFT of each group of 50 opened together, in opening order: flat when the proxy keeps
    // up with the arrivals, rising when a backlog builds over the ramp.
    groupTtft: Array.from({ length: Math.ceil(results.length / 50) }, (_, g) => pct(results.slice(g * 50, g * 50 + 50).filter((r) => r.ok).map((r) => r.ttft), 50)),
  })}\n`);
}

/** Floor mode: relay each upstream read to the client as it arrives (no parsing, keys, metering or log). */
async function runFloor(o) {
  const { Pool } = await import(join(ROOT, 'node_modules/undici/index.js'));
  const pool = new Pool(o.upstream, { connections: null, keepAliveTimeout: 30_000, bodyTimeout: 120_000 });
  // Under --timeline the floor names each request as the gateway does (x-request-id to the client
  // and upstream), so bench/lib/proxy-timeline.mjs can tie the two together.
  const named = process.env.TF_BENCH_TIMELINE !== undefined;
  let requests = 0;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') { res.end('ok'); return; }
    const id = named ? `floor-${++requests}` : null;
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let controller = null;
      res.on('close', () => { if (!res.writableFinished) controller?.abort(new Error('client gone')); });
      const headers = { 'content-type': 'application/json', authorization: 'Bearer sk-mock' };
      if (id !== null) headers['x-request-id'] = id;
      pool.dispatch({ path: '/v1/chat/completions', method: 'POST', headers, body: Buffer.concat(chunks) }, {
        onRequestStart(c) { controller = c; },
        onResponseStart(_c, status, headers) { res.writeHead(status, id === null ? { 'content-type': headers['content-type'] ?? 'text/event-stream' } : { 'content-type': headers['content-type'] ?? 'text/event-stream', 'x-request-id': id }); },
        onResponseData(c, chunk) { if (!res.write(chunk)) { c.pause(); res.once('drain', () => c.resume()); } },
        onResponseEnd() { res.end(); },
        onResponseError(_c, error) { res.destroy(error); },
      });
    });
  });
  // The gateway's listen queue (src/main.ts), not Node's default of 511, and its listening sockets
  // (the built src/server/listen-sockets.ts): TF_LISTEN_SOCKETS (default 4) on Linux, sharing the
  // port on Node 22.12+ and copies of one socket's descriptor before.
  const { listenSocketCount, listensWithReusePort, openMoreListenSockets } = await import(join(ROOT, 'dist/server/listen-sockets.js'));
  const wanted = process.env.TF_LISTEN_SOCKETS === undefined ? null : Number(process.env.TF_LISTEN_SOCKETS);
  const sockets = listenSocketCount(wanted);
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen({ port: o.port, host: '127.0.0.1', backlog: 4096, ...(listensWithReusePort(sockets) ? { reusePort: true } : {}) }, ok);
  });
  await (await openMoreListenSockets(server, sockets, 4096, (error) => { throw error; }))?.ready;
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
}

function pct(values, p) {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** User and system CPU seconds of a process. */
const cpuTimes = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) / 100, sys: Number(fields[12]) / 100 };
};
const rssMiB = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;

function freePort() {
  return new Promise((res) => {
    const server = http.createServer();
    server.listen(0, '127.0.0.1', () => { const { port } = server.address(); server.close(() => res(port)); });
  });
}

/** TCP connections the mock upstream has accepted so far (its /_mock/stats). */
function mockConnections(port) {
  return new Promise((res, rej) => {
    http.get(`http://127.0.0.1:${port}/_mock/stats`, (r) => {
      let body = '';
      r.on('data', (d) => (body += d));
      r.on('end', () => res(JSON.parse(body).connections));
    }).on('error', rej);
  });
}

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    const ok = await new Promise((res) => http.get(url, (r) => { r.resume(); res(r.statusCode < 500); }).on('error', () => res(false)));
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function cli(dist, dir, database, ...argv) {
  const out = spawnSync(process.execPath, [join(dist, 'cli/main.js'), ...argv, '--database', database], { cwd: dir, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`tf-gateway ${argv.join(' ')}: ${out.stderr}`);
  return JSON.parse(out.stdout);
}

/** The process and its descendants (a cluster primary and its workers), from /proc. */
function processTree(pid) {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    for (const task of readdirSync(`/proc/${all[i]}/task`)) {
      const children = readFileSync(`/proc/${all[i]}/task/${task}/children`, 'utf8').trim();
      if (children !== '') all.push(...children.split(' ').map(Number));
    }
  }
  return all;
}

/** CPU and RSS summed over a target's processes (gone processes count as 0). */
function treeCpu(pids) {
  let user = 0, sys = 0;
  for (const pid of pids) {
    try { const t = cpuTimes(pid); user += t.user; sys += t.sys; } catch { /* exited */ }
  }
  return { user, sys };
}
function treeRss(pids) {
  let sum = 0;
  for (const pid of pids) {
    try { sum += rssMiB(pid); } catch { /* exited */ }
  }
  return sum;
}

/** One burst of `o.n` streams against a started target: the client's result, the target's CPU and RSS. */
async function measureBurst(o, target, runClient) {
  const pids = target.pids === null ? null : target.pids();
  const idle = pids === null ? null : treeRss(pids);
  const cpu0 = pids === null ? null : treeCpu(pids);
  const cpu0Each = pids === null ? null : pids.map((pid) => treeCpu([pid]));
  let peak = idle ?? 0;
  const sampler = setInterval(() => { if (pids !== null) peak = Math.max(peak, treeRss(pids)); }, 100);
  // Asynchronous, so the RSS sampler above runs while the streams are held (spawnSync blocked it:
  // the peak was the idle figure).
  const client = await runClient(o.n, o.rampMs);
  clearInterval(sampler);
  if (client.status !== 0) throw new Error(`client for ${target.name} failed: ${client.stderr}`);
  const result = JSON.parse(client.stdout.trim().split('\n').pop());
  const cpu1 = pids === null ? null : treeCpu(pids);
  // Per process too, so a cluster shows the primary's share and how evenly the workers were loaded.
  const perProcess = pids === null || pids.length < 2 ? null : pids.map((pid, i) => {
    const [a, b] = [cpu0Each[i], treeCpu([pid])];
    return b.user - a.user + b.sys - a.sys;
  });
  const cpu = cpu1 === null ? null : cpu1.user - cpu0.user + cpu1.sys - cpu0.sys;
  const sys = cpu1 === null ? null : cpu1.sys - cpu0.sys;
  return { result, idle, peak: pids === null ? null : peak, cpu, sys, pids, perProcess };
}

/**
 * One target on its own: a fresh mock upstream (an upstream that already held N streams for
 * another proxy measured the next one worse), the proxy, the load generator, then all stopped.
 */
async function measureTarget(o, name, dir) {
  const children = [];
  const cleanups = [];
  // --timeline: the proxy (one process, not --workers) writes its rows to `${timelineBase}.<pid>.json` on exit.
  const timelineBase = join(dir, `timeline-${name}`);
  const timed = (proxy) => o.timeline && (proxy === 'floor' || (proxy.startsWith('tf') && o.workers === null));
  const timelineFlags = (proxy) => (timed(proxy) ? ['--import', pathToFileURL(join(ROOT, 'bench/lib/proxy-timeline.mjs')).href] : []);
  const timelineEnv = (proxy, env) => (timed(proxy) ? { ...env, TF_BENCH_TIMELINE: timelineBase, TF_BENCH_ROOT: dirname(o.dist) } : env);
  let measured = null;
  const start = (cmd, argv, options = {}) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'ignore', 'inherit'], ...options });
    children.push(child);
    return child;
  };
  try {
    const mockPort = await freePort();
    start(process.execPath, [join(ROOT, 'bench/overhead/mock-upstream.mjs'), '--port', String(mockPort), '--chunks', String(o.chunks), '--chunk-delay-ms', String(o.delayMs)]);
    await waitFor(`http://127.0.0.1:${mockPort}/health`);
    let target = null;
    if (name === 'direct') target = { name: 'direct', url: `http://127.0.0.1:${mockPort}/v1`, headers: { authorization: 'Bearer sk-mock' }, pids: null };

    if (name === 'nginx') {
      const nginx = nginxBinary();
      if (nginx === '') { process.stderr.write('nginx not installed (apt-get install -y nginx-light): left out\n'); return null; }
      const port = await freePort();
      const { args } = writeNginxConfig(dir, { port, mockPort, workerConnections: 32768, keepalive: 256, backlog: 4096 });
      const master = start(nginx, args);
      await waitFor(`http://127.0.0.1:${port}/health`);
      const worker = nginxWorkerPid(master.pid);
      target = { name: 'nginx', url: `http://127.0.0.1:${port}/v1`, headers: { authorization: 'Bearer sk-mock' }, pids: () => [worker] };
    }

    if (name === 'floor') {
      const port = await freePort();
      const floor = start(process.execPath, [...o.nodeFlags, ...timelineFlags('floor'), fileURLToPath(import.meta.url), '--floor', '--port', String(port), '--upstream', `http://127.0.0.1:${mockPort}`], { env: timelineEnv('floor', process.env) });
      await waitFor(`http://127.0.0.1:${port}/health`);
      target = { name: 'floor (node)', url: `http://127.0.0.1:${port}/v1`, headers: {}, pids: () => [floor.pid] };
    }

    if (name === 'tf' || name === 'tf-anthropic' || name === 'tf-messages' || name === 'tf-messages-openai') {
      const port = await freePort();
      const env = { ...process.env, TF_LOG_LEVEL: 'warn' };
      let database = `sqlite:${join(dir, `gw-${mockPort}.db`)}`;
      const serveArgs = [];
      if (o.workers !== null) {
        // PostgreSQL + Redis, as `serve --workers N` needs: a fresh database and Redis key prefix per run.
        const db = `bench_held_${process.pid}_${mockPort}`;
        const pg = ['-h', '127.0.0.1', '-U', 'postgres'];
        const made = spawnSync('createdb', [...pg, db], { encoding: 'utf8' });
        if (made.status !== 0) throw new Error(`createdb ${db}: ${made.stderr}`);
        const prefix = `${db}:`;
        cleanups.push(() => {
          spawnSync('dropdb', [...pg, '--if-exists', '--force', db]);
          spawnSync('sh', ['-c', `redis-cli -u "$0" --scan --pattern '${prefix}*' | xargs -r redis-cli -u "$0" del >/dev/null`, o.redis]);
        });
        database = `postgres://postgres@127.0.0.1:5432/${db}`;
        env.TF_REDIS_PREFIX = prefix;
        serveArgs.push('--workers', String(o.workers), '--redis', o.redis);
      }
      writeFileSync(join(dir, 'catalogue.yaml'), `providers:
  - ${name === 'tf' || name === 'tf-messages-openai' ? `{id: mock, type: openai, baseUrl: "http://127.0.0.1:${mockPort}/v1", timeouts: {idleMs: 120000}}` : `{id: mock, type: anthropic, baseUrl: "http://127.0.0.1:${mockPort}", timeouts: {idleMs: 120000}}`}
models:
  - {id: bench/mini, kind: chat, aliases: [gpt-4o-mini], contextLength: 128000, maxOutputTokens: 4096, defaultMaxOutputTokens: 256, pricing: {input: "0.15", output: "0.60"}, provider: mock, upstreamModel: mock-model}
`);
      const org = cli(o.dist, dir, database, 'admin', 'org', 'create', '--name', 'bench').id;
      const project = cli(o.dist, dir, database, 'admin', 'project', 'create', '--org', org, '--name', 'bench').id;
      const key = cli(o.dist, dir, database, 'admin', 'key', 'create', '--project', project, '--name', 'bench').secret;
      cli(o.dist, dir, database, 'admin', 'credit', '--org', org, '--amount', '100000.00');
      const gateway = start(process.execPath, ['--max-semi-space-size=8', ...o.nodeFlags, ...timelineFlags(name), join(o.dist, 'cli/main.js'), 'serve', '--config', join(dir, 'catalogue.yaml'), '--port', String(port), '--database', database, ...serveArgs], { cwd: dir, env: timelineEnv(name, env) });
      await waitFor(`http://127.0.0.1:${port}/health/ready`);
      // With --workers N > 1 the port answers once the first worker listens: wait for all of them.
      for (let i = 0; o.workers !== null && o.workers > 1 && processTree(gateway.pid).length < o.workers + 1 && i < 100; i++) await new Promise((r) => setTimeout(r, 100));
      const label = `${{ tf: 'tf-gateway', 'tf-anthropic': 'tf-gateway, Anthropic upstream', 'tf-messages': 'tf-gateway, Messages client and upstream', 'tf-messages-openai': 'tf-gateway, Messages client, OpenAI upstream' }[name]}${o.workers === null ? '' : ` --workers ${o.workers} (pg+redis)`}`;
      target = { name: label, url: `http://127.0.0.1:${port}/v1`, headers: { authorization: `Bearer ${key}` }, pids: () => processTree(gateway.pid), api: name.startsWith('tf-messages') ? 'messages' : 'chat' };
    }

    const headerArgs = Object.entries(target.headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    const runClient = (n, rampMs) => new Promise((res) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--client', '--url', target.url, '--n', String(n), '--ramp-ms', String(rampMs), '--api', target.api ?? 'chat', ...headerArgs], { stdio: ['ignore', 'pipe', 'pipe'], env: timed(name) ? { ...process.env, TF_BENCH_CLIENT_TIMELINE: `${timelineBase}.client` } : process.env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (status) => res({ status, stdout, stderr }));
    });
    // --warmup: a few streams first, so the measured ones find the hot path's modules loaded and
    // compiled (a gateway that has served traffic), not a process that has just started.
    if (o.warmup > 0) {
      const warm = await runClient(o.warmup, 0);
      if (warm.status !== 0) throw new Error(`warm-up for ${target.name} failed: ${warm.stderr}`);
    }
    // --rounds: the same burst again against the same proxy; the last one is reported.
    const rounds = [];
    let last = null;
    for (let round = 0; round < Math.max(1, o.rounds); round++) {
      // Let start-up work (JIT, idle collection) or the previous burst settle; then measure.
      await new Promise((r) => setTimeout(r, 2000));
      const connectionsBefore = await mockConnections(mockPort);
      last = await measureBurst(o, target, runClient);
      if (last.cpu !== null) rounds.push({ cpu: last.cpu, events: last.result.events, connections: (await mockConnections(mockPort)) - connectionsBefore });
    }
    const { result, idle, peak, cpu, sys, pids, perProcess } = last;
    if (rounds.length < 2) rounds.length = 0;
    measured = { target, result, idle, peak: pids === null ? null : peak, cpu, sys, processes: pids === null ? null : pids.length, perProcess, rounds };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => { c.once('exit', r); setTimeout(r, 10_000); }))));
    for (const cleanup of cleanups) cleanup();
  }
  if (timed(name)) measured.timeline = timelineOfLastBurst(timelineBase);
  return measured;
}

async function runAll(o) {
  if (o.targets.some((t) => t.startsWith('tf')) && !existsSync(join(o.dist, 'cli/main.js'))) throw new Error('run npm run build first');
  const dir = mkdtempSync(join(tmpdir(), 'tf-held-'));
  try {
    const runs = [];
    for (let run = 1; run <= o.repeat; run++) {
      const rows = [];
      for (const name of ['direct', ...o.targets.filter((t) => t !== 'direct')]) {
        const row = await measureTarget(o, name, dir);
        if (row !== null) rows.push(row);
      }
      printRun(o, rows, o.repeat > 1 ? `run ${run} of ${o.repeat}, ` : '');
      runs.push(rows);
    }
    if (o.repeat > 1) printSummary(runs);
  } finally {
    if (!o.keep) rmSync(dir, { recursive: true, force: true });
    else process.stdout.write(`kept ${dir}\n`);
  }
}

/**
 * --timeline: the last burst's streams, the client's rows (written by the last burst's client) joined
 * to the proxy's (bench/lib/proxy-timeline.mjs) by the client's port, all on the wall clock, as p50 and
 * p99 of each leg in ms.
 */
function timelineOfLastBurst(base) {
  const dir = dirname(base);
  // Every file of this target is read once and removed, so a --repeat run reads only its own.
  const take = (suffix) => readdirSync(dir).filter((f) => f.startsWith(`${base.slice(dir.length + 1)}.`) && f.endsWith(suffix)).flatMap((f) => {
    const rows = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    rmSync(join(dir, f));
    return rows;
  });
  const client = take('.client');
  // A port is reused by later bursts: the last connection accepted from it is this burst's.
  const byPort = new Map();
  for (const row of take('.json').sort((a, b) => a[0] - b[0])) byPort.set(row[5], row);
  // [opened, connected (the client's view, later than the proxy's accept when its loop is busy), accepted, request, upstream call, upstream answer, first event written, first event read]
  const streams = client.map(([opened, connected, port, read]) => {
    const p = byPort.get(port);
    return p === undefined || p[0] < opened ? null : [opened, connected, p[0], p[1], p[2], p[3], p[4], read];
  }).filter((r) => r !== null);
  if (streams.length === 0) return null;
  // The proxy's event-loop stalls while the burst's streams were opening and waiting for their first event.
  const from = Math.min(...streams.map((r) => r[0]));
  const to = Math.max(...streams.map((r) => r[7]).filter((t) => !Number.isNaN(t)));
  const stalls = take('.stalls').filter(([t, late]) => t - late >= from && t <= to).map(([, late]) => late);
  const leg = (start, end, of = streams) => {
    const gaps = of.map((r) => r[end] - r[start]).filter((g) => !Number.isNaN(g)).sort((a, b) => a - b);
    return gaps.length === 0 ? null : { p50: gaps[Math.floor(gaps.length / 2)], p99: gaps[Math.min(gaps.length - 1, Math.floor(0.99 * gaps.length))] };
  };
  const legs = (of) => [
    ['opened to connected, as the client saw it', leg(0, 1, of)],
    ['opened to accepted (the connect and the proxy\'s listen queue)', leg(0, 2, of)],
    ['accepted to request', leg(2, 3, of)],
    ['request to upstream call', leg(3, 4, of)],
    ['upstream call to its answer', leg(4, 5, of)],
    ['answer to first event written', leg(5, 6, of)],
    ['written to read', leg(6, 7, of)],
    ['opened to read (TTFT)', leg(0, 7, of)],
  ];
  return {
    streams: streams.length,
    window: to - from,
    stalls: { over20: stalls.filter((l) => l > 20).length, over50: stalls.filter((l) => l > 50).length, longest: stalls.length === 0 ? 0 : Math.max(...stalls), total: stalls.reduce((a, b) => a + b, 0) },
    legs: legs(streams),
    // The first 50 streams opened: a started gateway's slowest group (its code still cold).
    firstGroup: legs([...streams].sort((a, b) => a[0] - b[0]).slice(0, 50)),
  };
}

const fmt = (v, digits = 0) => (v === null || v === undefined ? '-' : Number(v).toFixed(digits));

/** One run's table: every target of the run, TTFT added over that run's direct. */
function printRun(o, rows, label) {
  const direct = rows[0].result;
  const f = fmt;
  process.stdout.write(`\n${label}${o.n} streams held at once, ${o.chunks} events ${o.delayMs} ms apart, opened within ${o.rampMs} ms${o.warmup > 0 ? `, after ${o.warmup} warm-up streams` : ''}${o.rounds > 1 ? `, burst ${o.rounds} of ${o.rounds} shown` : ''} (node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end)\n\n`);
  process.stdout.write('| target | completed | TTFT p50 ms | TTFT p99 ms | added TTFT p99 ms | duration p50 s | proxy CPU s | CPU µs / event | of which system | idle RSS MiB | peak RSS MiB |\n|---|---|---|---|---|---|---|---|---|---|---|\n');
  const notes = [];
  const figures = new Map();
  for (const { target, result, idle, peak, cpu, sys, processes, perProcess, rounds, timeline } of rows) {
    const added = target.pids === null ? null : result.ttftP99 - direct.ttftP99;
    const perEvent = cpu === null || result.events === 0 ? null : (cpu * 1e6) / result.events;
    if (added !== null) figures.set(target.name, { added, perEvent });
    if (timeline) {
      const l = (x) => (x === null ? '-' : `${f(x.p50, 1)} / ${f(x.p99, 1)}`);
      notes.push(`${target.name}: where the time to first token went, p50 / p99 ms over ${timeline.streams} streams: ${timeline.legs.map(([what, gap]) => `${what} ${l(gap)}`).join(', ')}`);
      notes.push(`${target.name}: the same for the first 50 streams opened: ${timeline.firstGroup.map(([what, gap]) => `${what} ${l(gap)}`).join(', ')}`);
      const st = timeline.stalls;
      notes.push(`${target.name}: the proxy's event loop in those ${f(timeline.window)} ms: ${st.over20} stalls over 20 ms, ${st.over50} over 50 ms, the longest ${f(st.longest)} ms, ${f(st.total)} ms late in all`);
    }
    const groups = result.groupTtft ?? [];
    if (groups.length >= 5) {
      const at = (q) => groups[Math.min(groups.length - 1, Math.round(q * (groups.length - 1)))];
      notes.push(`${target.name}: TTFT median of the streams opened together, first group, 1/4, 1/2, 3/4 of the ramp, last group: ${[0, 0.25, 0.5, 0.75, 1].map((q) => f(at(q))).join(', ')} ms`);
    }
    if (rounds?.length > 0) notes.push(`${target.name}: CPU s (µs / event) of each burst: ${rounds.map((r) => `${r.cpu.toFixed(2)} (${((r.cpu * 1e6) / r.events).toFixed(0)})`).join(', ')}; new upstream connections: ${rounds.map((r) => r.connections).join(', ')}`);
    const failed = Object.entries(result.failures).map(([why, n]) => `${n} ${why}`).join(', ');
    const name = processes !== null && processes > 1 ? `${target.name}, ${processes} processes` : target.name;
    if (perProcess) notes.push(`${target.name}: CPU s by process (first the primary): ${perProcess.map((c) => c.toFixed(2)).join(', ')}`);
    process.stdout.write(`| ${name} | ${result.completed}${failed ? ` (${failed})` : ''} | ${f(result.ttftP50)} | ${f(result.ttftP99)} | ${f(added)} | ${f(result.durationP50 / 1000, 2)} | ${f(cpu, 2)} | ${f(perEvent)} | ${perEvent === null ? '-' : f((sys * 1e6) / result.events)} | ${f(idle)} | ${f(peak)} |\n`);
  }
  if (notes.length > 0) process.stdout.write(`\n${notes.join('\n')}\n`);
  printRelative(figures, 'of the same run');
}

/**
 * The gateway against the relays measured in the same run: the absolute goals depend on the core
 * (the floor itself missed +50 ms on slow boxes), these ratios much less.
 */
function printRelative(figures, scope) {
  const floor = figures.get('floor (node)');
  const nginx = figures.get('nginx');
  const lines = [];
  for (const [name, g] of figures) {
    if (!name.startsWith('tf')) continue;
    const parts = [];
    if (floor) parts.push(`added TTFT p99 ${fmt(g.added - floor.added)} ms more than the floor's (${ratio(g.added, floor.added)} it)`);
    if (floor && g.perEvent !== null && floor.perEvent !== null) parts.push(`CPU per event ${ratio(g.perEvent, floor.perEvent)} the floor's`);
    if (nginx && g.perEvent !== null && nginx.perEvent !== null) parts.push(`CPU per event ${ratio(g.perEvent, nginx.perEvent)} nginx's`);
    if (parts.length > 0) lines.push(`${name} against the relays ${scope}: ${parts.join(', ')}`);
  }
  if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`);
}

/** a / b as "N.N×", or "-" when b is not positive (a relay that added nothing). */
function ratio(a, b) {
  return b > 0 ? `${(a / b).toFixed(1)}×` : '-';
}

/** --repeat: per proxy, every run's added TTFT p99 (sorted) with its median, and the medians or worst of the rest. */
function printSummary(runs) {
  process.stdout.write(`\nOver ${runs.length} runs:\n\n| target | streams completed, all runs | added TTFT p99 ms, each run (sorted) | median | CPU µs / event, median | peak RSS MiB, highest |\n|---|---|---|---:|---:|---:|\n`);
  const figures = new Map();
  for (const name of runs[0].slice(1).map((row) => row.target.name)) {
    const added = [];
    const perEvent = [];
    const peaks = [];
    let completed = 0;
    let opened = 0;
    for (const rows of runs) {
      const row = rows.find((r) => r.target.name === name);
      if (!row) continue;
      added.push(row.result.ttftP99 - rows[0].result.ttftP99);
      if (row.cpu !== null && row.result.events > 0) perEvent.push((row.cpu * 1e6) / row.result.events);
      if (row.peak !== null) peaks.push(row.peak);
      completed += row.result.completed;
      opened += row.result.completed + Object.values(row.result.failures).reduce((a, b) => a + b, 0);
    }
    process.stdout.write(`| ${name} | ${completed} of ${opened} | ${added.sort((a, b) => a - b).map((v) => fmt(v)).join(', ')} | ${fmt(median(added))} | ${perEvent.length ? fmt(median(perEvent)) : '-'} | ${peaks.length ? fmt(Math.max(...peaks)) : '-'} |\n`);
    figures.set(name, { added: median(added), perEvent: perEvent.length ? median(perEvent) : null });
  }
  printRelative(figures, 'by the medians above');
}

const args = parseArgs(process.argv.slice(2));
if (args.client) await runClient(args);
else if (args.floor) await runFloor(args);
else await runAll(args);
