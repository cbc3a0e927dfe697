// Shared helpers for the overhead benchmark: wrk runs, /proc CPU and RSS sampling, small HTTP calls, stats.
// Plain Node ESM, no dependencies.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// ---------------------------------------------------------------------------------------------------------
// Request bodies. The same body goes to both targets; only "model" differs (the upstream's name for direct,
// the catalogue id through the gateway). Streaming requests ask for usage, as a client that wants the
// cost does, so direct and gateway streams carry the same events (20 chunks + usage chunk + [DONE]).
export const BASE_BODY = Object.freeze({
  messages: [
    { role: 'system', content: 'You are a helpful assistant. Answer briefly.' },
    { role: 'user', content: 'What is the weather like in Paris today? Please give a short answer in one or two sentences, in Celsius.' },
  ],
  temperature: 0.2,
  max_tokens: 128,
  user: 'bench-user-0001',
});
export function requestBody(model, stream) {
  const body = { model, ...BASE_BODY };
  if (stream) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  return JSON.stringify(body);
}

// ---------------------------------------------------------------------------------------------------------
// Statistics
export const median = (xs) => {
  const s = xs.filter((x) => x != null && Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** Nearest-rank percentile. */
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return null;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

// ---------------------------------------------------------------------------------------------------------
// /proc sampling. CPU = utime + stime of the process (all its threads: JS, GC, libuv pool) and of any
// descendants; RSS = VmRSS summed over the same tree.
let clkTck = null;
function ticksPerSecond() {
  if (clkTck === null) {
    try {
      clkTck = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      clkTck = 100;
    }
  }
  return clkTck;
}
function readStat(pid) {
  try {
    const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
    // f[0] = state (field 3), f[1] = ppid (4), f[11] = utime (14), f[12] = stime (15)
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null;
  }
}
/** pid and all its live descendants. */
export function processTree(root) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const st = readStat(name);
    if (!st) continue;
    if (!children.has(st.ppid)) children.set(st.ppid, []);
    children.get(st.ppid).push(Number(name));
  }
  const out = [];
  const stack = [root];
  while (stack.length) {
    const p = stack.pop();
    out.push(p);
    for (const c of children.get(p) ?? []) stack.push(c);
  }
  return out;
}
/** CPU milliseconds used so far by the process tree (by pid, so a child that exits in between is lost). */
export function cpuMs(pids) {
  let ticks = 0;
  for (const p of pids) ticks += readStat(p)?.ticks ?? 0;
  return (ticks * 1000) / ticksPerSecond();
}
export function rssKb(pids) {
  let kb = 0;
  for (const p of pids) {
    try {
      const m = readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
      if (m) kb += Number(m[1]);
    } catch {
      /* gone */
    }
  }
  return kb;
}

/**
 * Watch named processes while `fn` runs: CPU delta and RSS every `intervalMs`.
 * Returns { result, procs: { name: { pid, cpu_ms, rss_start_kb, rss_max_kb } } }.
 */
export async function withProcWatch(named, fn, intervalMs = 250) {
  const watch = Object.entries(named)
    .filter(([, pid]) => pid)
    .map(([name, pid]) => {
      const tree = processTree(pid);
      return { name, pid, tree, cpu0: cpuMs(tree), rss: [rssKb(tree)] };
    });
  const timer = setInterval(() => {
    for (const w of watch) w.rss.push(rssKb(w.tree));
  }, intervalMs);
  let result;
  try {
    result = await fn();
  } finally {
    clearInterval(timer);
  }
  const procs = {};
  for (const w of watch) {
    w.rss.push(rssKb(w.tree));
    procs[w.name] = { pid: w.pid, cpu_ms: cpuMs(w.tree) - w.cpu0, rss_start_kb: w.rss[0], rss_max_kb: Math.max(...w.rss) };
  }
  return { result, procs };
}

// ---------------------------------------------------------------------------------------------------------
// wrk
export function wrkAvailable() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    // wrk --version prints its banner and exits 1; ENOENT means it is not installed
    return e.code !== 'ENOENT' && e.status != null;
  }
}
export function wrkVersion() {
  try {
    return execFileSync('wrk', ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] }).toString().split('\n')[0].replace(/\s*\[.*/, '').trim();
  } catch (e) {
    return String(e.stdout ?? '').split('\n')[0].replace(/\s*\[.*/, '').trim() || 'unknown';
  }
}

const luaString = (s) => {
  let eq = '';
  while (s.includes(`]${eq}]`)) eq += '=';
  return `[${eq}[${s}]${eq}]`;
};

/**
 * One wrk run (1 thread, `connections` connections, `duration` seconds), POST `body` to `url`.
 * `track(child)` is called with the child process so the caller can kill it on Ctrl-C.
 */
export async function runWrk({ url, headers, body, connections, duration, timeoutS = 10, track = () => {} }) {
  const dir = mkdtempSync(join(tmpdir(), 'tf-bench-wrk-'));
  const script = join(dir, 'post.lua');
  const lines = ['wrk.method = "POST"', `wrk.body = ${luaString(body)}`];
  for (const [k, v] of Object.entries({ 'content-type': 'application/json', ...headers })) lines.push(`wrk.headers[ ${luaString(k)} ] = ${luaString(v)}`);
  lines.push(`done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"err_connect":%d,"err_read":%d,"err_write":%d,"err_status":%d,"err_timeout":%d,"lat_mean_us":%.1f,"lat_p50_us":%d,"lat_p90_us":%d,"lat_p99_us":%d,"lat_max_us":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end`);
  writeFileSync(script, `${lines.join('\n')}\n`);
  try {
    const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', `${timeoutS}s`, '-s', script, url];
    const out = await new Promise((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      track(child);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code, signal) => (code === 0 ? resolve(stdout) : reject(new Error(`wrk exited ${code ?? signal}: ${stderr}${stdout}`))));
    });
    const line = out.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) throw new Error(`wrk printed no RESULT line:\n${out}`);
    const r = JSON.parse(line.slice('RESULT '.length));
    const errors = r.err_connect + r.err_read + r.err_write + r.err_status + r.err_timeout;
    return {
      requests: r.requests,
      rps: r.requests / (r.duration_us / 1e6),
      errors,
      error_detail: { connect: r.err_connect, read: r.err_read, write: r.err_write, status: r.err_status, timeout: r.err_timeout },
      p50_ms: r.lat_p50_us / 1000,
      p90_ms: r.lat_p90_us / 1000,
      p99_ms: r.lat_p99_us / 1000,
      mean_ms: r.lat_mean_us / 1000,
      max_ms: r.lat_max_us / 1000,
      bytes: r.bytes,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Small HTTP client for checks (node:http, fresh connection each time).
export function httpRequest(url, { method = 'GET', headers = {}, body, timeoutMs = 10_000 } = {}) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request(
      { hostname: u.hostname, port: u.port, path: u.pathname + u.search, method, agent: false, headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } : headers },
      (res) => {
        const parts = [];
        res.on('data', (d) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(parts).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${method} ${url}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Split an SSE body into its data payloads. */
export function sseData(text) {
  const out = [];
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data) out.push(data);
  }
  return out;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------
// nginx (Debian's nginx-light) as a reference proxy: one worker, upstream keep-alive, no buffering.

/** The nginx binary, or '' when it is not installed. */
export function nginxBinary() {
  return spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
}

/**
 * Write an nginx config proxying 127.0.0.1:port to the mock upstream in `dir`; returns the arguments
 * that start nginx with it (prefix `dir/nginx/`, its error log under `logs/`). `workerConnections`,
 * `keepalive` (idle upstream connections kept) and `backlog` fit the load: thousands of held streams
 * need more than a wrk run.
 */
export function writeNginxConfig(dir, { port, mockPort, workerConnections = 4096, keepalive = 128, backlog = null }) {
  const prefix = join(dir, 'nginx/');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  const rlimit = workerConnections > 4096 ? ` worker_rlimit_nofile ${workerConnections * 2};` : '';
  writeFileSync(conf, `worker_processes 1; daemon off; pid nginx.pid; error_log logs/error.log warn;${rlimit}
events { worker_connections ${workerConnections}; }
http { access_log off; client_body_temp_path client_body; proxy_temp_path proxy_temp;
  upstream mock { server 127.0.0.1:${mockPort}; keepalive ${keepalive}; }
  server { listen 127.0.0.1:${port}${backlog === null ? '' : ` backlog=${backlog}`}; keepalive_requests 1000000;
    location / { proxy_pass http://mock; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_buffering off; } } }\n`);
  return { prefix, args: ['-p', prefix, '-c', conf] };
}

/** The pid of nginx's worker (the master does nothing per request, so only the worker is measured). */
export function nginxWorkerPid(masterPid) {
  return Number(spawnSync('pgrep', ['-P', String(masterPid)], { encoding: 'utf8' }).stdout.trim().split('\n')[0]);
}
