#!/usr/bin/env node
// Time to a usable Request log and Usage page on a month of a busy organization, in Chromium, plus
// the console's initial JavaScript (gzip, from bench/console-bundle.mjs).
//
//   npm run build && node bench/console-pages.mjs [--requests 300000] [--keys 20] [--runs 5] [--keep]
//
// Starts `serve --demo` on a fresh SQLite file (the demo owner, organization and project), stops it,
// writes a month of traffic straight into the file (request-log rows across keys, models, end users
// and tags, and the hourly rollups settlement would have built from them), starts the gateway again
// and opens each page in Debian's Chromium (playwright-core), signed in as the owner. "Usable" means
// the page's data is on screen: the first request row, or the usage table. Each page is opened once
// to warm up (the lazy chunk, the query plans), then --runs times in a fresh tab; the table shows the
// median and the slowest. Budgets (issue 13): each page ≤ 1 s; initial JavaScript ≤ 250 KB gzip.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { analyzeTrace, formatAnalysis, TRACE_CATEGORIES } from './console-trace.mjs';
import { FOLD_KEY_ROLLUPS } from './lib/key-rollups.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '300000' },
    keys: { type: 'string', default: '20' },
    users: { type: 'string', default: '200' },
    days: { type: 'string', default: '30' },
    runs: { type: 'string', default: '5' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    only: { type: 'string' },
    trace: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const N = { requests: Number(values.requests), keys: Number(values.keys), users: Number(values.users), days: Number(values.days), runs: Number(values.runs) };
// "one key + status 200 + 24 h" filters the 8th key's successes of the last day; below these sizes the
// seeded load can leave that page empty, and it would wait for a row that never comes.
if (N.requests < 10000 || N.keys < 8) {
  process.stderr.write('console-pages: --requests must be at least 10000 and --keys at least 8 (every page must have rows to show)\n');
  process.exit(2);
}
const BUDGET_MS = 1000;
const BIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const BUNDLE = fileURLToPath(new URL('./console-bundle.mjs', import.meta.url));
if (!existsSync(BIN) || !existsSync(fileURLToPath(new URL('../dist/web/index.html', import.meta.url)))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(2);
}
// The better-sqlite3 build the gateway loads on this Node (src/store/sqlite-driver.ts).
const { loadSqliteDriver } = await import('../dist/store/sqlite-driver.js');
const Database = loadSqliteDriver();

// --reuse DIR: a directory a `--keep` run left (its database and the owner's sign-in), not seeded again.
const dir = values.reuse ?? mkdtempSync(join(tmpdir(), 'tf-console-bench-'));
const file = join(dir, 'gateway.db');
const seedFile = join(dir, 'seed.json');

/** Start `serve --demo` on the bench file; resolves with the URL, the printed sign-in and a stop(). */
async function startGateway() {
  const proc = spawn(process.execPath, [BIN, 'serve', '--demo', '--port', '0', '--database', `sqlite:${file}`], { env: { ...process.env, TF_LOG_LEVEL: 'info', TF_WEBHOOK_POLL_MS: '0' } });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  let url = null;
  while (Date.now() < deadline && proc.exitCode === null && url === null) {
    url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? null;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (url === null) throw new Error(`the gateway did not start:\n${out}`);
  // The demo banner comes right after listening on the first start only.
  await new Promise((r) => setTimeout(r, 300));
  const owner = /sign in as (\S+) \/ (\S+)/.exec(out);
  const stop = async () => {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  };
  return { url, pid: proc.pid, owner: owner ? { email: owner[1], password: owner[2] } : null, stop };
}

/** A month of traffic: request-log rows and the hourly rollups settlement builds from them. */
function seed(orgId, projectId) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const now = Date.now();
  const start = now - N.days * 86_400_000;
  const models = [
    ['openai/gpt-4o-mini', 'openai/gpt-4o-mini@2024-07-18', 150n, 600n],
    ['openai/gpt-4o', 'openai/gpt-4o@2024-11-20', 2500n, 10000n],
    ['gpt-4o-mini', 'openai/gpt-4o-mini@2024-07-18', 150n, 600n],
    ['anthropic/claude-sonnet-4', 'anthropic/claude-sonnet-4', 3000n, 15000n],
    ['meta/llama-3.1-8b-instruct', 'meta/llama-3.1-8b-instruct', 20n, 50n],
  ];
  const keys = [];
  const insertKey = db.prepare('INSERT INTO api_keys (id, org_id, project_id, name, prefix, secret_hash, disabled, expires_at, allowed_models, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, NULL, NULL, ?, ?)');
  for (let k = 0; k < N.keys; k++) {
    const id = `key_bench${k.toString().padStart(4, '0')}`;
    insertKey.run(id, orgId, projectId, `bench key ${k}`, `sk-tf-bench${k}`, createHash('sha256').update(randomBytes(16)).digest('hex'), start, start);
    keys.push(id);
  }
  const insertLog = db.prepare(`INSERT INTO request_log (id, org_id, project_id, key_id, endpoint, model_requested, model_resolved, provider_id, stream, status, error_code,
    latency_ms, ttft_ms, input_tokens, output_tokens, cached_tokens, reasoning_tokens, usage_source, cost_nano, ignored_params, end_user, tags, hold_nano, created_at)
    VALUES (?, ?, ?, ?, 'chat.completions', ?, ?, 'sim', ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, NULL, ?, ?, ?, ?)`);
  const rollups = new Map();
  const tagRollups = new Map();
  const add = (map, key, input, output, cost) => {
    const r = map.get(key) ?? { requests: 0n, input: 0n, output: 0n, cost: 0n };
    r.requests += 1n;
    r.input += BigInt(input);
    r.output += BigInt(output);
    r.cost += cost;
    map.set(key, r);
  };
  let seedRandom = 42;
  const random = () => ((seedRandom = (seedRandom * 1103515245 + 12345) % 2147483648) / 2147483648);
  db.transaction(() => {
    for (let i = 0; i < N.requests; i++) {
      const at = start + Math.floor((i / N.requests) * (now - start));
      const [requested, resolved, inPrice, outPrice] = models[i % models.length];
      const key = keys[Math.floor(random() * keys.length)];
      const failed = random() < 0.02;
      const status = failed ? (random() < 0.5 ? 429 : 502) : 200;
      const input = failed ? 0 : 50 + Math.floor(random() * 2000);
      const output = failed ? 0 : 10 + Math.floor(random() * 800);
      // Prices are nano-USD per thousand tokens here: tokens x price / 1000, rounded half up.
      const cost = failed ? 0n : (BigInt(input) * inPrice + BigInt(output) * outPrice + 500n) / 1000n;
      const user = `user-${Math.floor(random() * N.users)}`;
      const team = ['search', 'ads', 'support', 'growth'][i % 4];
      const id = `req_${at.toString(36).padStart(9, '0')}${i.toString(36).padStart(8, '0')}`;
      insertLog.run(id, orgId, projectId, key, requested, resolved, i % 3 === 0 ? 1 : 0, status, failed ? (status === 429 ? 'rate_limited' : 'upstream_error') : null,
        200 + Math.floor(random() * 3000), failed ? null : 50 + Math.floor(random() * 500), input, output, failed ? 'none' : 'reported', cost, user, JSON.stringify({ team }), failed ? null : cost * 4n, at);
      if (failed) continue;
      const hour = at - (at % 3_600_000);
      add(rollups, `${hour}|${key}|${resolved}|${user}`, input, output, cost);
      add(tagRollups, `${hour}|team|${team}`, input, output, cost);
    }
    const insertRollup = db.prepare('INSERT INTO usage_rollups (org_id, hour, project_id, key_id, model, end_user, requests, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_nano) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?)');
    for (const [k, r] of rollups) {
      const [hour, key, model, user] = k.split('|');
      insertRollup.run(orgId, Number(hour), projectId, key, model, user, r.requests, r.input, r.output, r.cost);
    }
    // Builds from before the table existed have none.
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'usage_key_rollups'").get() !== undefined) db.exec(FOLD_KEY_ROLLUPS);
    const insertTag = db.prepare('INSERT INTO usage_tag_rollups (org_id, hour, project_id, tag_key, tag_value, requests, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_nano) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?)');
    for (const [k, r] of tagRollups) {
      const [hour, tagKey, tagValue] = k.split('|');
      insertTag.run(orgId, Number(hour), projectId, tagKey, tagValue, r.requests, r.input, r.output, r.cost);
    }
  })();
  const counts = { requestLog: db.prepare('SELECT COUNT(*) AS n FROM request_log').get().n, rollups: rollups.size, tagRollups: tagRollups.size };
  db.close();
  return { counts, keys };
}

function bundleGzipKb() {
  // It exits 1 over the budget; the figure is what this script wants either way.
  const out = spawnSync(process.execPath, [BUNDLE], { encoding: 'utf8' }).stdout;
  const line = out.split('\n').find((l) => l.startsWith('initial JavaScript'));
  return Number(line.trim().split(/\s+/).at(-2));
}

/**
 * Where the time of one page load went, from the browser's own Resource/Navigation Timing (ms since
 * the navigation started): the HTML, the initial scripts, /api/me, the page's lazy chunks, the
 * page's API calls, and when it was usable.
 */
// What index.html loads at once (the rest is a page's lazy chunks); the DOM cannot tell, as the lazy
// imports add modulepreload links of their own.
const INITIAL_ASSETS = [...readFileSync(fileURLToPath(new URL('../dist/web/index.html', import.meta.url)), 'utf8').matchAll(/(?:src|href)="(\/console\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);

async function timeline(page, readyAt) {
  return page.evaluate(({ ready, initialAssets }) => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource');
    const initial = new Set(initialAssets.map((path) => new URL(path, nav.name).href));
    const span = (list) => (list.length === 0 ? null : [Math.min(...list.map((r) => r.startTime)), Math.max(...list.map((r) => r.responseEnd))]);
    const js = res.filter((r) => r.name.endsWith('.js'));
    const apis = res.filter((r) => r.name.includes('/api/') && !r.name.includes('/api/me'));
    return {
      html: nav.responseEnd,
      initialJs: span(js.filter((r) => initial.has(r.name))),
      me: span(res.filter((r) => new URL(r.name).pathname === '/api/me')),
      lazyJs: span(js.filter((r) => !initial.has(r.name))),
      api: span(apis),
      apiCalls: apis.map((r) => `${new URL(r.name).pathname.replace(/[a-z]+_[0-9a-z]+/g, ':id')} ${r.startTime.toFixed(0)}-${r.responseEnd.toFixed(0)}`),
      ready,
    };
  }, { ready: readyAt, initialAssets: INITIAL_ASSETS });
}

const fmtSpan = (s) => (s === null ? '-' : `${s[0].toFixed(0)}-${s[1].toFixed(0)}`);

/** Renderer main-thread CPU so far (ms): all tasks, of them JS, layout and style (Chromium's Performance metrics). */
async function rendererCpu(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { task: get('TaskDuration'), script: get('ScriptDuration'), layout: get('LayoutDuration'), style: get('RecalcStyleDuration') };
}
const cpuDelta = (a, b) => ({ task: b.task - a.task, script: b.script - a.script, layout: b.layout - a.layout, style: b.style - a.style });

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const slug = (label) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * One page, --runs times after a warm-up, three ways:
 * - cold: a new browser context (empty HTTP cache), the URL opened directly;
 * - reload: the same tab opens the URL again (assets from the HTTP cache: a returning person);
 * - in-app: the console is already open on another page (Me) and the person goes to this one
 *   (a client-side navigation, as clicking the sidebar's link does).
 * With --trace DIR the middle cold run is traced into DIR and analysed (bench/console-trace.mjs).
 */
async function measure(browser, gateway, cookie, label, path, ready) {
  const times = { cold: [], reload: [], inApp: [], cpu: [], inAppCpu: [] };
  let profile = null;
  let analysis = null;
  for (let run = 0; run <= N.runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'tf_session', value: cookie, url: gateway.url }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await browserSettled(gateway.pid);
    const tracing = values.trace !== undefined && run === Math.ceil(N.runs / 2);
    if (tracing) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const cpu0 = await rendererCpu(cdp);
    const browserCpu0 = childrenCpuMs(gateway.pid);
    const started = performance.now();
    await page.goto(`${gateway.url}${path}`);
    await ready(page);
    const ms = performance.now() - started;
    const cpu = { ...cpuDelta(cpu0, await rendererCpu(cdp)), browser: childrenCpuMs(gateway.pid) - browserCpu0 };
    const readyAt = await page.evaluate(() => performance.now());
    if (tracing) {
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
      mkdirSync(values.trace, { recursive: true });
      writeFileSync(join(values.trace, `${slug(label)}.json`), JSON.stringify(trace));
      analysis = formatAnalysis(analyzeTrace(trace, { readyMs: readyAt }));
    }
    if (run === Math.ceil(N.runs / 2)) profile = await timeline(page, readyAt);
    // Reload: the same tab opens the page again (scripts in the HTTP cache, as for a returning person).
    const again = performance.now();
    await page.goto(`${gateway.url}${path}`);
    await ready(page);
    const reloadMs = performance.now() - again;
    // In-app: open the console on Me, then go to the page the way a link does (history.pushState,
    // which TanStack Router's history observes).
    await page.goto(`${gateway.url}/console/me`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const cpu1 = await rendererCpu(cdp);
    const moved = performance.now();
    await page.evaluate((to) => globalThis.history.pushState({ key: 'bench', __TSR_index: globalThis.history.length }, '', to), path);
    await ready(page);
    const inAppMs = performance.now() - moved;
    const inAppCpu = cpuDelta(cpu1, await rendererCpu(cdp));
    await context.close();
    // Run 0 warms up: the lazy chunk in the HTTP cache of the server, the statements prepared.
    if (run > 0) {
      times.cold.push(ms);
      times.reload.push(reloadMs);
      times.inApp.push(inAppMs);
      times.cpu.push(cpu);
      times.inAppCpu.push(inAppCpu);
    }
  }
  const cpuMedian = (list) => ({ browser: median(list.map((c) => c.browser ?? 0)), task: median(list.map((c) => c.task)), script: median(list.map((c) => c.script)), layout: median(list.map((c) => c.layout)), style: median(list.map((c) => c.style)) });
  return {
    label,
    median: median(times.cold), max: Math.max(...times.cold),
    reloadMedian: median(times.reload), reloadMax: Math.max(...times.reload),
    inAppMedian: median(times.inApp), inAppMax: Math.max(...times.inApp),
    cpu: cpuMedian(times.cpu), inAppCpu: cpuMedian(times.inAppCpu),
    profile, analysis,
  };
}

/**
 * The browser's own floor on this machine: a blank HTML page (served by a bare node:http server) in a
 * new context, until its load event; what any page's cold open costs before the console does anything.
 */
async function measureBlankPage(browser) {
  const { createServer } = await import('node:http');
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>blank</title><p>blank</p>'));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const times = [];
  try {
    for (let run = 0; run <= N.runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await browserSettled(-1);
      const started = performance.now();
      await page.goto(url, { waitUntil: 'load' });
      if (run > 0) times.push(performance.now() - started);
      await context.close();
    }
  } finally {
    server.close();
  }
  return { median: median(times), max: Math.max(...times) };
}

/** CPU time (user + system) a process has used so far, ms, from /proc (Linux). */
function processCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** CPU ms used so far by this script's child processes and theirs (the browser's), without `skip`'s tree (the gateway). */
function childrenCpuMs(skip) {
  const parent = new Map();
  const cpu = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      parent.set(Number(entry), Number(fields[1]));
      cpu.set(Number(entry), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch { /* the process ended while we looked */ }
  }
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = parent.get(p) ?? 0) {
      if (p === skip) return false;
      if (p === process.pid) return pid !== process.pid;
    }
    return false;
  };
  let total = 0;
  for (const [pid, ms] of cpu) if (inTree(pid)) total += ms;
  return total;
}

/**
 * Wait until the browser is idle (under 5% of a core for 300 ms; at most 10 s). A new context in
 * Chromium's headless mode builds its own browser UI (the omnibox popup's WebUI renderer): 1.5-1.8 s
 * of CPU that, on this 2-core machine, ran beside the page's first load and slowed it by about as
 * much. A person's browser has done that long before they open the console, so a cold open here
 * means an empty cache in a running, quiet browser.
 */
async function browserSettled(gatewayPid) {
  const deadline = performance.now() + 10_000;
  let before = childrenCpuMs(gatewayPid);
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = childrenCpuMs(gatewayPid);
    if (now - before < 15) return;
    before = now;
  }
}

let gateway = null;
let browser = null;
try {
  let owner;
  let org;
  let project;
  let counts;
  let keys;
  if (values.reuse !== undefined) {
    ({ owner, org, project, counts, keys } = JSON.parse(readFileSync(seedFile, 'utf8')));
  } else {
    const first = await startGateway();
    if (first.owner === null) throw new Error('no demo sign-in printed');
    owner = first.owner;
    await first.stop();
    const db = new Database(file, { readonly: true });
    org = db.prepare("SELECT id FROM organizations WHERE name = 'Demo'").get();
    project = db.prepare('SELECT id FROM projects WHERE org_id = ?').get(org.id);
    db.close();
    const seedStart = performance.now();
    ({ counts, keys } = seed(org.id, project.id));
    console.error(`seeded ${counts.requestLog} request-log rows, ${counts.rollups} rollup rows, ${counts.tagRollups} tag rollup rows in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    writeFileSync(seedFile, JSON.stringify({ owner, org, project, counts, keys, seededAt: new Date().toISOString() }));
  }
  gateway = await startGateway();
  const signIn = await fetch(`${gateway.url}/api/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify(owner) });
  const cookie = /tf_session=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error(`sign-in answered ${signIn.status}`);
  browser = await chromium.launch({ executablePath: values.chromium, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const base = `/console/orgs/${org.id}/projects/${project.id}`;
  // "Usable" is checked with one querySelector per frame: Playwright's locator waits compute the
  // style and box of every candidate on each poll, up to 230 ms of the page's main thread per load
  // in a trace, time the page itself did not spend.
  // Not waitForFunction either: it first evaluates Playwright's injected script in the page (47-64 ms
  // of the main thread in a trace of a cold load); a plain evaluate brings only a few lines.
  const shown = (selector) => (page) => page.evaluate((s) => new Promise((resolve, reject) => {
    const deadline = performance.now() + 30_000;
    const check = () => {
      if (globalThis.document.querySelector(s) !== null) resolve(true);
      else if (performance.now() > deadline) reject(new Error(`${s} not shown within 30 s`));
      else globalThis.requestAnimationFrame(check);
    };
    check();
  }), selector);
  const firstRow = shown('table[aria-label="Requests"] tbody tr:not([aria-hidden]) button');
  const usageTable = shown('table[aria-label="Usage figures"] tbody tr');
  const newest = (() => { const d = new Database(file, { readonly: true }); const r = d.prepare('SELECT id FROM request_log ORDER BY created_at DESC LIMIT 1').get(); d.close(); return r.id; })();
  const pages = [
    // The floor on this machine: the shell with a small page (sign-in check, /api/me, one short list).
    ['baseline: API keys page (20 keys)', `${base}/keys`, shown('table[aria-label="API keys"] tbody tr button')],
    ['Request log (newest 50)', `${base}/requests`, firstRow],
    ['Request log, one key + status 200 + 24 h', `${base}/requests?key=${keys[7]}&status=200&range=24h`, firstRow],
    ['Request log, drawer open (req_ link)', `${base}/requests?request=${newest}`, shown('table[aria-label="Cost by token class"]')],
    ['Usage, 30 days per day by model', `${base}/usage?range=30d&group=model`, usageTable],
    ['Usage, 30 days per hour, no grouping', `${base}/usage?range=30d&granularity=hour`, usageTable],
    ['Usage, 30 days per day by tag:team', `${base}/usage?range=30d&group=tag:team`, usageTable],
    ['Organization usage, 30 days by project', `/console/orgs/${org.id}/usage?range=30d&group=project`, usageTable],
  ].filter(([label]) => values.only === undefined || new RegExp(values.only, 'i').test(label));
  const blank = await measureBlankPage(browser);
  const results = [];
  for (const [label, path, ready] of pages) results.push(await measure(browser, gateway, cookie, label, path, ready));
  // The same data read straight from the API (no browser): what the queries themselves cost, in
  // wall time and in the gateway's CPU time per call (less sensitive to the machine's load).
  const api = async (label, path) => {
    const times = [];
    let cpu = 0;
    for (let run = 0; run <= N.runs; run++) {
      const cpuBefore = processCpuMs(gateway.pid);
      const started = performance.now();
      const res = await fetch(`${gateway.url}${path}`, { headers: { cookie: `tf_session=${cookie}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      if (run > 0) {
        times.push(performance.now() - started);
        cpu += processCpuMs(gateway.pid) - cpuBefore;
      }
    }
    return { label: `API: ${label}`, median: median(times), max: Math.max(...times), serverCpu: cpu / N.runs };
  };
  const from = new Date(Date.now() - N.days * 86_400_000).toISOString();
  const apis = values.only !== undefined ? [] : [
    await api('GET requests?limit=50', `/api/projects/${project.id}/requests?limit=50`),
    await api('GET requests, one key + status 200', `/api/projects/${project.id}/requests?limit=50&key_id=${keys[7]}&status=200`),
    await api('GET api-keys (20, with month usage)', `/api/projects/${project.id}/api-keys?limit=20`),
    await api('GET usage 30 days per day by model', `/api/projects/${project.id}/usage?from=${from}&granularity=day&group_by=model`),
    await api('GET usage 30 days per hour', `/api/projects/${project.id}/usage?from=${from}&granularity=hour`),
    await api('GET org usage 30 days by project', `/api/orgs/${org.id}/usage?from=${from}&granularity=day&group_by=project`),
  ];
  const js = bundleGzipKb();
  const f = (n) => n.toFixed(0);
  console.log(`\nConsole pages on ${counts.requestLog.toLocaleString()} request-log rows over ${N.days} days (${N.keys} keys, ${N.users} end users), SQLite, Chromium; ${N.runs} runs after a warm-up.`);
  console.log('cold: new browser context (empty cache), URL opened; reload: same tab again (cached assets); in-app: console open on Me, then a client-side navigation to the page.');
  console.log('renderer CPU: main-thread task time of the cold load (of it JS / layout+style); browser CPU: CPU time of all of Chromium\'s processes during the cold load (from /proc, in 10 ms ticks; less sensitive to other load on the machine); medians.\n');
  console.log('| page | cold median / max ms | reload median / max ms | in-app median / max ms | renderer CPU cold ms (JS / layout+style) | browser CPU cold ms | renderer CPU in-app ms | budget |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  console.log(`| floor: a blank page in a new context (browser only) | ${f(blank.median)} / ${f(blank.max)} | | | | | | |`);
  for (const r of results) {
    const verdict = `cold ${r.max <= BUDGET_MS ? 'met' : 'missed'}, in-app ${r.inAppMax <= BUDGET_MS ? 'met' : 'missed'}`;
    console.log(`| ${r.label} | ${f(r.median)} / ${f(r.max)} | ${f(r.reloadMedian)} / ${f(r.reloadMax)} | ${f(r.inAppMedian)} / ${f(r.inAppMax)} | ${f(r.cpu.task)} (${f(r.cpu.script)} / ${f(r.cpu.layout + r.cpu.style)}) | ${f(r.cpu.browser)} | ${f(r.inAppCpu.task)} | ${verdict} |`);
  }
  if (apis.length) {
    console.log(`\ngateway CPU: from /proc in 10 ms ticks, averaged over the ${N.runs} runs (so a multiple of ${(10 / N.runs).toFixed(1)} ms).\n`);
    console.log('| API call | median / max ms | gateway CPU ms per call |');
    console.log('|---|---:|---:|');
    for (const r of apis) console.log(`| ${r.label} | ${f(r.median)} / ${f(r.max)} | ${r.serverCpu.toFixed(1)} |`);
  }
  console.log(`\ninitial JavaScript (gzip): ${js} KB (budget 250 KB: ${js <= 250 ? 'met' : 'MISSED'})`);
  console.log('\nWhere a cold load went (one run, ms since navigation start: HTML end; initial JS, /api/me, lazy chunks, page API calls as first start-last end; usable):\n');
  console.log('| page | HTML | initial JS | /api/me | lazy JS | page API | usable |');
  console.log('|---|---:|---|---|---|---|---:|');
  for (const r of results) {
    const p = r.profile;
    console.log(`| ${r.label} | ${p.html.toFixed(0)} | ${fmtSpan(p.initialJs)} | ${fmtSpan(p.me)} | ${fmtSpan(p.lazyJs)} | ${fmtSpan(p.api)} | ${p.ready.toFixed(0)} |`);
    if (values.verbose) console.log(`|  | ${p.apiCalls.join('; ')} | | | | | |`);
  }
  for (const r of results) if (r.analysis) console.log(`\n### ${r.label} (trace: ${join(values.trace, `${slug(r.label)}.json`)})\n${r.analysis}`);
  console.log(`\nload average: ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await browser?.close();
  await gateway?.stop();
  if (values.keep || values.reuse !== undefined) console.error(`kept ${dir} (reuse it with --reuse ${dir})`);
  else rmSync(dir, { recursive: true, force: true });
}
