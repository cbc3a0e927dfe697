#!/usr/bin/env node
// What does `kill -9` under load lose? Starts `tf-gateway serve`, drives it with N concurrent
// clients (half JSON chat, half streamed chat with include_usage unless --stream-share says
// otherwise), SIGKILLs it mid-load, restarts nothing, and compares the answers clients received in
// full (a JSON body with its x-request-id, or a stream up to its usage chunk) with what reached the
// request log and the usage outbox. Also prints the clients' latency (p50, p99) before the kill, so
// two builds can be compared under the same load (`--dist DIR`: another build, e.g. main's).
//
//   npm run build && node bench/kill9.mjs [--database URL] [--concurrency 64] [--kill-after-ms 3000] [--rounds 3]
//                                         [--stream-share 0.5] [--dist DIR]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    concurrency: { type: 'string', default: '64' },
    'kill-after-ms': { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '3' },
    'stream-share': { type: 'string', default: '0.5' },
    dist: { type: 'string' },
  },
});
const DIST = values.dist === undefined ? new URL('../dist/', import.meta.url).pathname : `${values.dist.replace(/\/$/, '')}/`;
const BIN = `${DIST}cli/main.js`;
const { openStore } = await import(`${DIST}store/database.js`);
const CATALOGUE = `providers:\n  - id: sim\n    type: sim\nmodels:\n  - id: bench/chat\n    kind: chat\n    contextLength: 8000\n    maxOutputTokens: 64\n    defaultMaxOutputTokens: 32\n    capabilities: {tools: false, jsonObject: false, jsonSchema: false, vision: false, streaming: true}\n    pricing: {input: "1.00", output: "2.00"}\n    provider: sim\n    upstreamModel: sim-chat\n`;

function admin(databaseUrl, args) {
  const r = spawnSync(process.execPath, [BIN, 'admin', ...args, '--database', databaseUrl], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

async function round(i) {
  const dir = mkdtempSync(join(tmpdir(), 'tf-kill9-'));
  const databaseUrl = values.database ?? `sqlite:${join(dir, 'gw.db')}`;
  writeFileSync(join(dir, 'c.yaml'), CATALOGUE);
  const org = admin(databaseUrl, ['org', 'create', '--name', `kill9-${i}`]);
  const project = admin(databaseUrl, ['project', 'create', '--org', org.id, '--name', 'p']);
  const key = admin(databaseUrl, ['key', 'create', '--project', project.id]);
  admin(databaseUrl, ['credit', '--org', org.id, '--amount', '1000.00']);
  const proc = spawn(process.execPath, [BIN, 'serve', '--config', join(dir, 'c.yaml'), '--database', databaseUrl, '--port', '0'], { env: { ...process.env, TF_LOG_LEVEL: 'info' } });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  let url = null;
  while (url === null) {
    url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? null;
    await new Promise((r) => setTimeout(r, 50));
  }
  const answered = new Map(); // request id -> latency ms
  let stop = false;
  const streamers = Math.round(Number(values.concurrency) * Number(values['stream-share']));
  const worker = async (n) => {
    const stream = n < streamers;
    while (!stop) {
      const started = performance.now();
      try {
        const res = await fetch(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'bench/chat', messages: [{ role: 'user', content: 'hello' }], ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}) }),
        });
        const id = res.headers.get('x-request-id');
        if (!stream) {
          const body = await res.json();
          if (res.status === 200 && typeof body.usage?.cost === 'string') answered.set(id, performance.now() - started);
          continue;
        }
        // A stream counts as answered once its usage chunk (the last before [DONE]) has arrived.
        let text = '';
        const decoder = new TextDecoder();
        for await (const bytes of res.body) {
          text += decoder.decode(bytes, { stream: true });
          if (res.status === 200 && text.includes('"cost"') && !answered.has(id)) answered.set(id, performance.now() - started);
        }
      } catch {
        return; // the process is gone
      }
    }
  };
  // Warm up first (tokenizer tables, JIT, the billing thread): only the load under the clock counts.
  const warmUp = new Set();
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bench/chat', messages: [{ role: 'user', content: 'warm up' }], stream: i % 2 === 1 }),
    });
    await res.text();
    warmUp.add(res.headers.get('x-request-id'));
  }
  const workers = Array.from({ length: Number(values.concurrency) }, (_, n) => worker(n));
  await new Promise((r) => setTimeout(r, Number(values['kill-after-ms'])));
  proc.kill('SIGKILL');
  stop = true;
  await Promise.all(workers);
  const store = await openStore(databaseUrl);
  const logged = new Set((await store.db.selectFrom('request_log').select('id').where('org_id', '=', org.id).execute()).map((r) => r.id).filter((id) => !warmUp.has(id)));
  const events = new Set((await store.db.selectFrom('usage_events').select('id').where('org_id', '=', org.id).execute()).map((r) => r.id).filter((id) => !warmUp.has(id)));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  const lost = [...answered.keys()].filter((id) => !logged.has(id));
  const unbilled = [...answered.keys()].filter((id) => !events.has(id));
  const rate = answered.size / (Number(values['kill-after-ms']) / 1000);
  const latencies = [...answered.values()].sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { answered: answered.size, logged: logged.size, events: events.size, lost: lost.length, unbilled: unbilled.length, rate, p50: at(0.5), p99: at(0.99) };
}

const rows = [];
for (let i = 0; i < Number(values.rounds); i++) rows.push(await round(i));
console.log(`\nkill -9 after ${values['kill-after-ms']} ms at ${values.concurrency} concurrent clients, ${streamShare()} streamed (${values.database ? 'postgres' : 'sqlite'}; ${DIST})\n`);
console.log('| round | answered in full | in request log | usage events | answered but not logged | answered but no usage event | req/s | p50 ms | p99 ms |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
rows.forEach((r, i) => console.log(`| ${i + 1} | ${r.answered} | ${r.logged} | ${r.events} | ${r.lost} | ${r.unbilled} | ${Math.round(r.rate)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`));
process.exit(0);

function streamShare() {
  return `${Math.round(Number(values['stream-share']) * 100)} %`;
}
