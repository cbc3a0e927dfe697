import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadedModules } from '../bench/lib/loaded-modules.mjs';
import { createFundedKey } from '../src/testing/admin-json.js';
import { startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { startServeProcess, type ServeProcess } from '../src/testing/serve-process.js';
import { upstreamCatalogue } from '../src/testing/upstream-catalogue.js';

// What a started gateway does not load until it is used (the idle footprint, bench/findings/idle-footprint.md), and
// that the first call of each kind still answers: the console's route modules load with the first
// /api request, the o200k tokenizer with the first counted request, undici's Pool with a catalogue
// that names an upstream, the admin and migrate commands' modules never in `serve`. Run on the built
// CLI with the module trace of bench/idle-footprint.mjs --modules.

const BIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const TRACE = fileURLToPath(new URL('../bench/lib/trace-modules.mjs', import.meta.url));

let dir: string;
let proc: ChildProcessWithoutNullStreams;
let url = '';
let out = '';
const loaded = () => loadedModules(join(dir, 'modules.txt')).map((m) => m.path).join('\n');

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error('dist/cli/main.js is missing: run `npm run build` first (npm test does).');
  dir = mkdtempSync(join(tmpdir(), 'tf-lazy-'));
  proc = spawn(process.execPath, ['--import', TRACE, BIN, 'serve', '--demo', '--port', '0', '--database', `sqlite:${join(dir, 'gw.db')}`], {
    env: { ...process.env, TF_LOG_LEVEL: 'info', TF_TRACE_MODULES: join(dir, 'modules.txt') },
  });
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && !/demo is running[\s\S]*\n\n/.test(out)) await new Promise((r) => setTimeout(r, 50));
  url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
  if (url === '') throw new Error(`serve did not start:\n${out}`);
}, 40_000);
afterAll(() => {
  proc?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('a started gateway', () => {
  it('should not load the console routes, the tokenizer, undici or the admin commands before they are used, and answer their first calls', { timeout: 60_000 }, async () => {
    // The process runs the bundle (scripts/bundle-server.mjs), not tsc's modules one by one.
    expect(readFileSync(join(dir, 'modules.txt'), 'utf8')).toMatch(/\/dist\/chunks\/[\w-]+\.js\n/);
    const atStart = loaded();
    expect(atStart).toContain('/dist/server/build-server.js');
    expect(atStart).not.toMatch(/\/dist\/console\/[\w-]+\/routes\.js/);
    expect(atStart).not.toContain('/node_modules/gpt-tokenizer/');
    expect(atStart).not.toContain('/node_modules/undici/');
    expect(atStart).not.toMatch(/\/dist\/cli\/(admin|migrate|serve-cluster)[\w-]*\.js/);

    // The first console request: sign in with the printed demo account, then read /api/me.
    const [, email, password] = /sign in as (\S+) \/ (\S+)/.exec(out) ?? [];
    const signIn = await fetch(`${url}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    const me = await fetch(`${url}/api/me`, { headers: { cookie: signIn.headers.get('set-cookie')!.split(';')[0]! } });
    expect(JSON.stringify(await me.json())).toContain('Demo');
    expect(loaded()).toMatch(/\/dist\/console\/sessions\/routes\.js/);

    // The first counted request: the simulator's usage is the tokenizer's count.
    const key = /API key:\s+(sk-tf-\S+)/.exec(out)?.[1];
    const chat = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hello there' }] }),
    });
    expect(chat.status).toBe(200);
    // "Hello there" is 2 o200k tokens, plus 3 per message and 3 to prime the reply.
    expect(((await chat.json()) as { usage: { prompt_tokens: number } }).usage.prompt_tokens).toBe(8);
    expect(loaded()).toContain('/node_modules/gpt-tokenizer/');
    // ...from the ranks' JSON that npm run build writes, not the package's 2.2 MB module of them.
    expect(loaded()).not.toContain('/gpt-tokenizer/cjs/bpeRanks/');
    // The demo calls no HTTP upstream and sends no webhook.
    expect(loaded()).not.toContain('/node_modules/undici/');
  });
});

describe('a started gateway with an HTTP upstream', () => {
  let upDir: string | undefined;
  let up: FakeUpstream | undefined;
  let gw: ServeProcess | undefined;
  afterAll(async () => {
    gw?.proc.kill('SIGKILL');
    await up?.close();
    if (upDir !== undefined) rmSync(upDir, { recursive: true, force: true });
  });

  it("should load undici's Pool with a catalogue that names an upstream, and not undici's fetch, WebSocket and the rest", { timeout: 60_000 }, async () => {
    up = await startFakeOpenAIUpstream();
    upDir = mkdtempSync(join(tmpdir(), 'tf-lazy-up-'));
    writeFileSync(join(upDir, 'catalogue.yaml'), upstreamCatalogue({ openai: up.url }));
    const databaseUrl = `sqlite:${join(upDir, 'gw.db')}`;
    const { key } = await createFundedKey(databaseUrl, { org: 'lazy', amount: '10.00' });
    const trace = join(upDir, 'modules.txt');
    gw = await startServeProcess(['--config', join(upDir, 'catalogue.yaml'), '--database', databaseUrl, '--port', '0'], { UP_KEY: 'k', TF_TRACE_MODULES: trace }, 30_000, ['--import', TRACE]);
    const modules = () => loadedModules(trace).map((m) => m.path).join('\n');
    // Loaded with the catalogue that names an upstream, so the first call does not compile it.
    expect(modules()).toContain('/node_modules/undici/lib/dispatcher/pool.js');
    expect(modules()).not.toContain('/node_modules/undici/index.js');

    const answer = await fetch(`${gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'acme/chat', stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
    });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).toContain('"content"');
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(up.requests).toHaveLength(1);
    expect(modules()).toContain('/node_modules/undici/lib/dispatcher/pool.js');
    // undici's index (fetch, WebSocket, the cache, mocks, and Node's own undici through its globals) stays unloaded.
    expect(modules()).not.toContain('/node_modules/undici/index.js');
    expect(modules()).not.toContain('/node_modules/undici/lib/web/');
  });
});
