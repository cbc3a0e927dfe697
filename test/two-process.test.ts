import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateChatPromptTokens } from '../src/billing/estimate-tokens.js';
import { adminJson } from '../src/testing/admin-json.js';
import { NANO_PER_USD } from '../src/core/money.js';
import { openStore } from '../src/store/database.js';
import { parseMoney, sumMoneyText } from '../src/store/money-column.js';
import { METERING_CATALOGUE, PRICEY_NANO } from '../src/testing/metering-catalogue.js';
import { deleteRedisPrefix, redisTestPrefix, redisTestUrl } from '../src/testing/redis-test-url.js';
import { IN_CI } from '../src/testing/in-ci.js';

const BIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const PG_URL = process.env.TF_TEST_DATABASE_URL ?? '';

interface Served {
  readonly proc: ChildProcessWithoutNullStreams;
  readonly url: string;
}

/** Start `tf-gateway serve` as its own OS process and wait for its URL. */
async function serve(args: string[], env: Record<string, string>): Promise<Served> {
  const proc = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { env: { ...process.env, TF_LOG_LEVEL: 'info', ...env } });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (m) return { proc, url: m[1]! };
    if (proc.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.kill('SIGKILL');
  throw new Error(`serve did not start:\n${out}`);
}

describe('two gateway processes on one PostgreSQL and one Redis', () => {
  const redisUrl = redisTestUrl();
  if (PG_URL === '') {
    const reason = 'Two-process tests skipped: TF_TEST_DATABASE_URL is not set.';
    if (IN_CI) throw new Error(`${reason} CI must run them.`);
    console.warn(reason);
    it.skip(reason, () => undefined);
    return;
  }
  if (redisUrl === null) return;

  const dbName = `tf_t_${randomBytes(6).toString('hex')}`;
  const target = new URL(PG_URL);
  target.pathname = `/${dbName}`;
  const databaseUrl = target.toString();
  let dir: string;
  let a: Served;
  let b: Served;
  const ids: Record<string, string> = {};
  const redisPrefix = redisTestPrefix();

  const admin = (args: string[]) => adminJson(databaseUrl, args);

  beforeAll(async () => {
    if (!existsSync(BIN)) throw new Error('dist/cli/main.js is missing: run `npm run build` first (npm test does).');
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`CREATE DATABASE ${dbName}`);
    await client.end();
    dir = mkdtempSync(join(tmpdir(), 'tf-2p-'));
    writeFileSync(join(dir, 'catalogue.yaml'), METERING_CATALOGUE);
    const org = await admin(['org', 'create', '--name', 'limited org']);
    const project = await admin(['project', 'create', '--org', String(org.id), '--name', 'rpm 20']);
    await admin(['project', 'limits', '--project', String(project.id), '--rpm', '20']);
    ids.limitedKey = String((await admin(['key', 'create', '--project', String(project.id)])).secret);
    await admin(['credit', '--org', String(org.id), '--amount', '100.00']);
    const poor = await admin(['org', 'create', '--name', 'poor org']);
    const poorProject = await admin(['project', 'create', '--org', String(poor.id), '--name', 'p']);
    ids.poorOrg = String(poor.id);
    ids.poorKey = String((await admin(['key', 'create', '--project', String(poorProject.id)])).secret);
    await admin(['credit', '--org', String(poor.id), '--amount', '1.00']);
    const args = ['--config', join(dir, 'catalogue.yaml'), '--database', databaseUrl, '--redis', redisUrl];
    const env = { TF_REDIS_PREFIX: redisPrefix, TF_BALANCE_REFRESH_MS: '200', TF_ADMISSION_TIMEOUT_MS: '15000' };
    [a, b] = await Promise.all([serve(args, env), serve(args, env)]);
  }, 60_000);

  afterAll(async () => {
    for (const s of [a, b]) if (s && s.proc.exitCode === null) s.proc.kill('SIGKILL');
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await client.end();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await deleteRedisPrefix(redisUrl, redisPrefix);
  });

  it("should hold the project's rpm across both processes, not once per process", async () => {
    // Stay clear of a minute boundary, where the fixed window resets.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 61_000 - intoMinute));
    const clients = [a, b].map((s) => new OpenAI({ baseURL: `${s.url}/v1`, apiKey: ids.limitedKey!, maxRetries: 0 }));
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => clients[i % 2]!.chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content: `n${i}` }], max_tokens: 5 })),
    );
    // Every outcome at once, so a failure shows what the other answers were (a refusal for another reason, an error).
    const outcomes = results.map((r) => (r.status === 'fulfilled' ? 'answered' : r.reason instanceof OpenAI.APIError ? `${r.reason.status} ${r.reason.code}${r.reason.status === 429 ? '' : `: ${r.reason.message}`}` : String(r.reason)));
    expect(outcomes.sort()).toEqual([...Array<string>(10).fill('429 rate_limit_exceeded'), ...Array<string>(20).fill('answered')]);
  }, 70_000);

  it("should hold the organization's balance across both processes: debits stay within balance + one worst case", async () => {
    const messages = [{ role: 'user' as const, content: 'Spend [sim:slow:40]' }];
    const worstCase = BigInt(await estimateChatPromptTokens(messages)) * PRICEY_NANO.input + 50n * PRICEY_NANO.output;
    const clients = [a, b].map((s) => new OpenAI({ baseURL: `${s.url}/v1`, apiKey: ids.poorKey!, maxRetries: 0 }));
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => clients[i % 2]!.chat.completions.create({ model: 'test/pricey', messages, max_tokens: 50 })),
    );
    const served = results.filter((r) => r.status === 'fulfilled').length;
    expect(served).toBeGreaterThan(0);
    // SIGTERM drains and flushes both processes (exit 0), so every usage record is in the store.
    for (const s of [a, b]) s.proc.kill('SIGTERM');
    const codes = await Promise.all([a, b].map(async (s) => (s.proc.exitCode ?? (await once(s.proc, 'exit'))[0]) as number));
    expect(codes).toEqual([0, 0]);
    const store = await openStore(databaseUrl);
    try {
      const spent = await store.db.selectFrom('usage_events').select(sumMoneyText('cost_nano').as('t')).where('org_id', '=', ids.poorOrg!).executeTakeFirstOrThrow();
      const debited = await store.db.selectFrom('ledger_entries').select(sumMoneyText('amount_nano').as('t')).where('org_id', '=', ids.poorOrg!).where('kind', '=', 'usage').executeTakeFirstOrThrow();
      expect(parseMoney(spent.t)).toBeGreaterThan(0n);
      expect(parseMoney(spent.t)).toBeLessThanOrEqual(NANO_PER_USD + worstCase);
      expect(-parseMoney(debited.t)).toBe(parseMoney(spent.t)); // settled on shutdown
    } finally {
      await store.close();
    }
  }, 60_000);
});
