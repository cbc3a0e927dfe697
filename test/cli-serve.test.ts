import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRequestLogRows } from '../src/billing/request-log-repository.js';
import { openStore } from '../src/store/database.js';

const BIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const DEMO = fileURLToPath(new URL('../catalogues/demo.yaml', import.meta.url));

/** Start `tf-gateway serve` and wait until it prints its URL. */
async function serve(args: string[], ready = /(http:\/\/127\.0\.0\.1:\d+)/): Promise<{ proc: ChildProcessWithoutNullStreams; out: () => string; url: string }> {
  const proc = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { env: { ...process.env, TF_LOG_LEVEL: 'info', TF_KEY_REFRESH_MS: '200' } });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (m && ready.test(out)) return { proc, out: () => out, url: m[1]! };
    if (proc.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.kill('SIGKILL');
  throw new Error(`serve did not start:\n${out}`);
}

let dir: string;
beforeAll(() => {
  if (!existsSync(BIN)) throw new Error('dist/cli/main.js is missing: run `npm run build` first (npm test does).');
  dir = mkdtempSync(join(tmpdir(), 'tf-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tf-gateway serve --demo', () => {
  it('should print a key once, serve it, drain on SIGTERM with exit 0, and not print the key again', async () => {
    const database = `sqlite:${join(dir, 'demo.db')}`;
    const banner = /demo is running[\s\S]*\n\n/;
    const first = await serve(['--demo', '--database', database], banner);
    const key = /API key:\s+(sk-tf-\S+)/.exec(first.out())?.[1];
    expect(key).toBeDefined();
    const client = new OpenAI({ baseURL: `${first.url}/v1`, apiKey: key!, maxRetries: 0 });
    const res = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.choices[0]!.message.content).toBeTruthy();
    // The printed console sign-in works and shows the demo organization.
    const [, email, password] = /sign in as (\S+) \/ (\S+)/.exec(first.out()) ?? [];
    expect(email).toBe('owner@demo.local');
    const signIn = await fetch(`${first.url}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    const me = await fetch(`${first.url}/api/me`, { headers: { cookie: signIn.headers.get('set-cookie')!.split(';')[0]! } });
    expect(JSON.stringify(await me.json())).toContain('Demo');
    first.proc.kill('SIGTERM');
    const [code] = (await once(first.proc, 'exit')) as [number | null];
    expect(code).toBe(0);
    // Settlement ran on its worker thread, and SIGTERM flushed the request log and settled it.
    expect(first.out()).toContain('"on":"worker thread","msg":"usage settlement started"');
    const store = await openStore(database);
    const rows = await listRequestLogRows(store.db, { limit: 10 });
    const unsettled = await store.db.selectFrom('usage_events').select((eb) => eb.fn.countAll<number>().as('n')).where('settled_at', 'is', null).executeTakeFirstOrThrow();
    const debits = await store.db.selectFrom('ledger_entries').select('reference').where('kind', '=', 'usage').execute();
    await store.close();
    expect(rows.some((r) => r.endpoint === 'chat.completions' && r.status === 200)).toBe(true);
    expect(Number(unsettled.n)).toBe(0);
    expect(debits.map((d) => d.reference)).toContain(rows.find((r) => r.endpoint === 'chat.completions')!.id);

    const second = await serve(['--demo', '--database', database], banner);
    expect(second.out()).not.toMatch(/sk-tf-/);
    second.proc.kill('SIGTERM');
    await once(second.proc, 'exit');
  });
});

describe('tf-gateway serve --config', () => {
  it('should refuse an invalid catalogue naming the file, path and problem', async () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'providers:\n  - id: sim\n    type: sim\nmodels:\n  - id: a/b\n    kind: chat\n    contextLength: 10\n    maxOutputTokens: 5\n    provider: sim\n');
    const proc = spawn(process.execPath, [BIN, 'serve', '--config', file, '--port', '0', '--database', `sqlite:${join(dir, 'bad.db')}`]);
    let err = '';
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const [code] = (await once(proc, 'exit')) as [number | null];
    expect(code).not.toBe(0);
    expect(err).toContain(`${file}: models[0]`);
    expect(err).toMatch(/pric/i);
  });

  it('should reload the catalogue on SIGHUP and keep the old one when the new file is invalid', async () => {
    const file = join(dir, 'reload.yaml');
    const demo = readFileSync(DEMO, 'utf8');
    writeFileSync(file, demo);
    const database = `sqlite:${join(dir, 'reload.db')}`;
    const admin = (args: string[]) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const p = spawn(process.execPath, [BIN, 'admin', ...args, '--database', database]);
        let out = '';
        p.stdout.on('data', (d: Buffer) => (out += d.toString()));
        p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Record<string, unknown>) : reject(new Error(`admin exited ${code}`))));
      });
    const org = await admin(['org', 'create', '--name', 'R']);
    const project = await admin(['project', 'create', '--org', String(org.id), '--name', 'p']);
    const key = await admin(['key', 'create', '--project', String(project.id)]);
    const gw = await serve(['--config', file, '--database', database]);
    const client = new OpenAI({ baseURL: `${gw.url}/v1`, apiKey: String(key.secret), maxRetries: 0 });
    const before = (await client.models.list()).data.map((m) => m.id);
    expect(before).not.toContain('acme/new-model');

    writeFileSync(file, `${demo}\n  - id: acme/new-model\n    kind: chat\n    contextLength: 1000\n    maxOutputTokens: 100\n    pricing: {input: "1", output: "2"}\n    provider: sim\n`);
    gw.proc.kill('SIGHUP');
    await expect.poll(async () => (await client.models.list()).data.map((m) => m.id), { timeout: 5000 }).toContain('acme/new-model');

    writeFileSync(file, 'models: [this is not valid');
    gw.proc.kill('SIGHUP');
    await expect.poll(() => gw.out(), { timeout: 5000 }).toMatch(/catalogue reload failed/);
    expect((await client.models.list()).data.map((m) => m.id)).toContain('acme/new-model');
    gw.proc.kill('SIGTERM');
    const [code] = (await once(gw.proc, 'exit')) as [number | null];
    expect(code).toBe(0);
  });
});
