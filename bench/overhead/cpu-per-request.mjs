// CPU per request of the gateway (all its threads, from /proc/<pid>/stat), for a fixed number of
// requests: an A/B tool for two builds on a machine too busy for bench/overhead/run.mjs's req/s and
// latency to mean much (CPU per unit of work moves far less with load; run A and B interleaved).
// Starts the mock upstream and `serve` from DIST on a fresh SQLite file, warms up, then sends N
// requests at the mode's concurrency and prints one JSON line (CPU µs/request, of it the main
// thread's, whose event loop every request waits on; each thread's; req/s, p50, load).
//
//   node bench/overhead/cpu-per-request.mjs DIST [c1|c64|stream1|stream64] [N]
//   TF_DURABLE_WAIT_MS=0 node bench/overhead/cpu-per-request.mjs "$PWD/dist" c1 3000
//
// DIST must sit inside this repository (its imports resolve from node_modules here). Linux only.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, openSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import http from 'node:http';
const USAGE = 'usage: node bench/overhead/cpu-per-request.mjs DIST [c1|c64|stream1|stream64] [N]';
const [dist, mode = 'c1', n = '3000'] = process.argv.slice(2);
if (dist === '--help' || dist === '-h') {
  console.log(USAGE);
  process.exit(0);
}
// Checked before anything starts: a bad DIST used to reach `node` as a flag and fail in migrate.
const problem =
  dist === undefined || dist.startsWith('-') ? 'DIST (a build directory) is required'
  : !existsSync(join(dist, 'cli/main.js')) ? `${dist} holds no cli/main.js (build with npm run build)`
  : !/^(c|stream)[1-9][0-9]*$/.test(mode) ? `unknown mode ${mode}`
  : !/^[1-9][0-9]*$/.test(n) ? `N must be a whole number above 0, not ${n}`
  : null;
if (problem !== null) {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}
const REPO = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const tmp = mkdtempSync(join(tmpdir(), 'd20ab-'));
const db = `sqlite:${join(tmp, 'b.db')}`;
const cli = (a) => execFileSync(process.execPath, [join(dist, 'cli/main.js'), ...a, '--database', db], { encoding: 'utf8' });
const last = (s) => JSON.parse(s.trim().split('\n').filter((l) => l.startsWith('{')).at(-1));
cli(['migrate']);
const org = last(cli(['admin', 'org', 'create', '--name', 'b'])).id;
const proj = last(cli(['admin', 'project', 'create', '--org', org, '--name', 'p'])).id;
const secret = last(cli(['admin', 'key', 'create', '--project', proj, '--name', 'k'])).secret;
cli(['admin', 'credit', '--org', org, '--amount', '1000000.00']);
const mockPort = 18500 + Math.floor(Math.random() * 400);
const port = mockPort + 1000;
const mock = spawn(process.execPath, [join(REPO, 'bench/overhead/mock-upstream.mjs'), '--port', String(mockPort)], { stdio: 'ignore' });
const cat = join(tmp, 'cat.yaml');
writeFileSync(cat, readFileSync(join(REPO, 'bench/overhead/catalogue.yaml'), 'utf8').replaceAll('127.0.0.1:18080', `127.0.0.1:${mockPort}`));
const log = openSync(join(tmp, 'gw.log'), 'a');
const gw = spawn(process.execPath, ['--max-semi-space-size=8', join(dist, 'cli/main.js'), 'serve', '--config', cat, '--port', String(port), '--database', db], { stdio: ['ignore', log, log], env: process.env });
process.on('exit', () => {
  if (gw.exitCode === null) gw.kill('SIGKILL');
  if (mock.exitCode === null) mock.kill('SIGKILL');
});
process.on('uncaughtException', (e) => { console.error(e.message); process.exit(1); });
process.on('unhandledRejection', (e) => { console.error(String(e)); process.exit(1); });
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const stream = mode.startsWith('stream');
const conc = Number(mode.replace(/\D/g, ''));
const body = JSON.stringify({ model: 'bench/mock-chat', messages: [{ role: 'user', content: 'Say hello to the benchmark, please, in a few words.' }], max_tokens: 64, ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}) });
const req = () => new Promise((res, rej) => { const r = http.request({ host: '127.0.0.1', port, path: '/v1/chat/completions', method: 'POST', agent, headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' } }, (s) => { let d = ''; s.on('data', (c) => (d += c)); s.on('end', () => (s.statusCode === 200 ? res(d) : rej(new Error(`${s.statusCode} ${d}`)))); }); r.on('error', rej); r.end(body); });
for (let i = 0; i < 100; i++) { try { await req(); break; } catch { await new Promise((r) => setTimeout(r, 200)); } }
const gwPid = gw.pid;
const ticks = (path) => { const f = readFileSync(path, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10000; }; // µs (100 Hz)
const cpu = () => ticks(`/proc/${gwPid}/stat`);
// Every thread's CPU, by thread id and name in start order (Node 20 calls every thread "node": the
// main thread, V8's four helpers, libuv's pool, then the billing thread, which starts on the first
// request), so the CPU off the event loop is told apart.
const threadCpu = () => {
  const byThread = new Map();
  for (const tid of readdirSync(`/proc/${gwPid}/task`).sort((a, b) => Number(a) - Number(b))) {
    try {
      const name = tid === String(gwPid) ? 'main' : `${readFileSync(`/proc/${gwPid}/task/${tid}/comm`, 'utf8').trim()} ${tid}`;
      byThread.set(name, ticks(`/proc/${gwPid}/task/${tid}/stat`));
    } catch { /* the thread ended */ }
  }
  return byThread;
};
async function load(total) { let i = 0; const lat = []; await Promise.all(Array.from({ length: conc }, async () => { while (i++ < total) { const t = process.hrtime.bigint(); await req(); lat.push(Number(process.hrtime.bigint() - t) / 1e6); } })); lat.sort((a, b) => a - b); return lat; }
await load(Math.min(2000, Number(n)));
const c0 = cpu(); const th0 = threadCpu(); const t0 = Date.now();
const lat = await load(Number(n));
const c1 = cpu(); const th1 = threadCpu(); const ms = Date.now() - t0;
const threadsUsPerReq = Object.fromEntries([...th1].map(([name, us]) => [name, Math.round((us - (th0.get(name) ?? 0)) / Number(n))]).filter(([, us]) => us > 0));
console.log(JSON.stringify({ dist, mode, n: Number(n), wait: process.env.TF_DURABLE_WAIT_MS ?? 'default', cpuUsPerReq: Math.round((c1 - c0) / Number(n)), mainThreadUsPerReq: threadsUsPerReq.main ?? 0, threadsUsPerReq, rps: Math.round(Number(n) / ms * 1000), p50ms: lat[Math.floor(lat.length / 2)].toFixed(3), load: readFileSync('/proc/loadavg', 'utf8').split(' ')[0] }));
gw.kill('SIGTERM'); mock.kill();
await new Promise((r) => gw.on('exit', r));
rmSync(tmp, { recursive: true, force: true });
process.exit(0);
