#!/usr/bin/env node
// What does `kill -9` under load lose? Starts `tf-gateway serve`, drives it with N concurrent
// clients, SIGKILLs it mid-load, restarts nothing, and compares the answers clients received
// (each with its x-request-id and usage.cost) with what reached the request log and usage outbox.
//
//   npm run build && node bench/kill9.mjs [--database URL] [--concurrency 64] [--kill-after-ms 3000] [--rounds 3]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '../dist/store/database.js';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    concurrency: { type: 'string', default: '64' },
    'kill-after-ms': { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '3' },
  },
});
const BIN = new URL('../dist/cli/main.js', import.meta.url).pathname;
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
  const answered = new Map(); // request id -> cost
  let stop = false;
  const worker = async () => {
    while (!stop) {
      try {
        const res = await fetch(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'bench/chat', messages: [{ role: 'user', content: 'hello' }] }),
        });
        const body = await res.json();
        if (res.status === 200) answered.set(res.headers.get('x-request-id'), body.usage.cost);
      } catch {
        return; // the process is gone
      }
    }
  };
  const workers = Array.from({ length: Number(values.concurrency) }, worker);
  await new Promise((r) => setTimeout(r, Number(values['kill-after-ms'])));
  proc.kill('SIGKILL');
  stop = true;
  await Promise.all(workers);
  const store = await openStore(databaseUrl);
  const logged = new Set((await store.db.selectFrom('request_log').select('id').where('org_id', '=', org.id).execute()).map((r) => r.id));
  const events = await store.db.selectFrom('usage_events').select('id').where('org_id', '=', org.id).execute();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  const lost = [...answered.keys()].filter((id) => !logged.has(id));
  const rate = answered.size / (Number(values['kill-after-ms']) / 1000);
  return { answered: answered.size, logged: logged.size, events: events.length, lost: lost.length, rate };
}

const rows = [];
for (let i = 0; i < Number(values.rounds); i++) rows.push(await round(i));
console.log(`\nkill -9 after ${values['kill-after-ms']} ms at ${values.concurrency} concurrent clients (${values.database ? 'postgres' : 'sqlite'})\n`);
console.log('| round | answered 200 | in request log | usage events | answered but lost | req/s | lost ≈ ms of traffic |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
rows.forEach((r, i) => console.log(`| ${i + 1} | ${r.answered} | ${r.logged} | ${r.events} | ${r.lost} | ${Math.round(r.rate)} | ${((r.lost / r.rate) * 1000).toFixed(0)} |`));
process.exit(0);
