import { randomBytes } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { startServeProcess, type ServeProcess } from '../src/testing/serve-process.js';
import { IN_CI } from '../src/testing/in-ci.js';

const PG_URL = process.env.TF_TEST_DATABASE_URL ?? '';

/** Pids of the workers that said they listen, in order. */
function workerPids(output: string): number[] {
  return [...output.matchAll(/"pid":(\d+),[^\n]*"msg":"worker listening"/g)].map((m) => Number(m[1]));
}

/** CPU time a process has used so far, clock ticks (utime + stime of /proc/<pid>/stat). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('serve --workers 2 on one PostgreSQL and one Redis', () => {
  const redisUrl = redisTestUrl();
  if (PG_URL === '') {
    const reason = 'Worker tests skipped: TF_TEST_DATABASE_URL is not set.';
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
  const redisPrefix = redisTestPrefix();
  let dir: string;
  let gw: ServeProcess;
  const ids: Record<string, string> = {};
  /** Every request id a client got an answer (200) for, for the request-log check at the end. */
  const answered = new Set<string>();

  const admin = (args: string[]) => adminJson(databaseUrl, args);
  const client = (key: string, maxRetries = 0) => new OpenAI({ baseURL: `${gw.url}/v1`, apiKey: key, maxRetries });
  /** One chat request; its id is remembered when it is answered. */
  const ask = async (c: OpenAI, content: string, maxTokens = 5) => {
    const { data, response } = await c.chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content }], max_tokens: maxTokens }).withResponse();
    answered.add(response.headers.get('x-request-id')!);
    return data;
  };

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`CREATE DATABASE ${dbName}`);
    await client.end();
    dir = mkdtempSync(join(tmpdir(), 'tf-workers-'));
    writeFileSync(join(dir, 'catalogue.yaml'), METERING_CATALOGUE);
    const rich = await admin(['org', 'create', '--name', 'rich org']);
    const richProject = await admin(['project', 'create', '--org', String(rich.id), '--name', 'p']);
    ids.richKey = String((await admin(['key', 'create', '--project', String(richProject.id)])).secret);
    const disposable = await admin(['key', 'create', '--project', String(richProject.id)]);
    ids.disposableKeyId = String(disposable.id);
    ids.disposableKey = String(disposable.secret);
    await admin(['credit', '--org', String(rich.id), '--amount', '1000.00']);
    const limited = await admin(['project', 'create', '--org', String(rich.id), '--name', 'rpm 20']);
    await admin(['project', 'limits', '--project', String(limited.id), '--rpm', '20']);
    ids.limitedKey = String((await admin(['key', 'create', '--project', String(limited.id)])).secret);
    const poor = await admin(['org', 'create', '--name', 'poor org']);
    const poorProject = await admin(['project', 'create', '--org', String(poor.id), '--name', 'p']);
    ids.poorOrg = String(poor.id);
    ids.poorKey = String((await admin(['key', 'create', '--project', String(poorProject.id)])).secret);
    await admin(['credit', '--org', String(poor.id), '--amount', '1.00']);
    gw = await startServeProcess(
      ['--config', join(dir, 'catalogue.yaml'), '--database', databaseUrl, '--redis', redisUrl, '--workers', '2', '--port', '0'],
      // Admission may wait on a cold account's first read longer than its 2 s default on a busy shared machine.
      { TF_REDIS_PREFIX: redisPrefix, TF_BALANCE_REFRESH_MS: '200', TF_ADMISSION_TIMEOUT_MS: '15000' },
      60_000,
    );
    for (const deadline = Date.now() + 60_000; workerPids(gw.output()).length < 2; ) {
      if (Date.now() > deadline) throw new Error(`The second worker did not start:\n${gw.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);

  afterAll(async () => {
    if (gw && gw.proc.exitCode === null) {
      for (const pid of workerPids(gw.output())) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      gw.proc.kill('SIGKILL');
    }
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await client.end();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await deleteRedisPrefix(redisUrl, redisPrefix);
  });

  it('should refuse to start workers on SQLite or without Redis, saying why', async () => {
    const cases = [
      [['--database', `sqlite:${join(dir, 'x.db')}`, '--redis', redisUrl], /needs PostgreSQL[^\n]*SQLite allows one writer/],
      [['--database', databaseUrl], /needs Redis[^\n]*holds/],
    ] as const;
    for (const [flags, message] of cases) {
      await expect(startServeProcess(['--config', join(dir, 'catalogue.yaml'), ...flags, '--workers', '2', '--port', '0'], {}, 15_000)).rejects.toThrow(message);
    }
  }, 60_000);

  it('should serve every worker\'s metrics, added up, from the primary on TF_METRICS_PORT behind TF_METRICS_TOKEN', async () => {
    const token = 'cluster-metrics-token-0001';
    const other = await startServeProcess(
      ['--config', join(dir, 'catalogue.yaml'), '--database', databaseUrl, '--redis', redisUrl, '--workers', '2', '--port', '0'],
      { TF_REDIS_PREFIX: redisPrefix, TF_METRICS_PORT: '0', TF_METRICS_TOKEN: token, TF_ADMISSION_TIMEOUT_MS: '15000' },
      60_000,
    );
    try {
      const metricsUrl = /"url":"(http:\/\/127\.0\.0\.1:\d+\/metrics)","msg":"metrics listening"/.exec(other.output())?.[1];
      expect(metricsUrl).toBeDefined();
      await expect.poll(() => workerPids(other.output()).length, { timeout: 60_000 }).toBe(2);
      const c = new OpenAI({ baseURL: `${other.url}/v1`, apiKey: ids.richKey!, maxRetries: 0 });
      await Promise.all(Array.from({ length: 4 }, (_, i) => c.chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content: `m${i}` }], max_tokens: 5 })));
      expect((await fetch(`${other.url}/metrics`)).status).toBe(404);
      const refused = await fetch(metricsUrl!);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('x-request-id')).toMatch(/^req_/);
      const text = await (await fetch(metricsUrl!, { headers: { authorization: `Bearer ${token}` } })).text();
      expect(Number(/^tf_gateway_requests_total\{[^}]*status="200"[^}]*\} (\S+)$/m.exec(text)?.[1])).toBe(4);
      expect(Number(/^process_cpu_seconds_total (\S+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    } finally {
      expect(await other.stop()).toBe(0);
    }
  }, 120_000);

  it("should hold a project's rpm exactly across the workers, with both of them serving", async () => {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 61_000 - intoMinute));
    const pids = workerPids(gw.output());
    const before = pids.map(cpuTicks);
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => ask(client(ids.limitedKey!), `rpm ${i}`)));
    // Every outcome at once, so a failure shows what the other answers were (a refusal for another reason, an error).
    const outcomes = results.map((r) => (r.status === 'fulfilled' ? 'answered' : r.reason instanceof OpenAI.APIError ? `${r.reason.status} ${r.reason.code}${r.reason.status === 429 ? '' : `: ${r.reason.message}`}` : String(r.reason)));
    expect(outcomes.sort()).toEqual([...Array<string>(10).fill('429 rate_limit_exceeded'), ...Array<string>(20).fill('answered')]);
    // Both workers did work (the primary hands connections out in turn).
    pids.forEach((pid, i) => expect(cpuTicks(pid) - before[i]!, `worker ${pid}`).toBeGreaterThan(0));
  }, 90_000);

  it("should hold the organization's balance across the workers: debits stay within the balance plus one request's worst case", async () => {
    const messages = [{ role: 'user' as const, content: 'Spend [sim:slow:40]' }];
    const worstCase = BigInt(await estimateChatPromptTokens(messages)) * PRICEY_NANO.input + 50n * PRICEY_NANO.output;
    const poor = client(ids.poorKey!);
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => poor.chat.completions.create({ model: 'test/pricey', messages, max_tokens: 50 }).withResponse()));
    const served = results.filter((r) => r.status === 'fulfilled');
    for (const r of served) answered.add((r as PromiseFulfilledResult<{ response: Response }>).value.response.headers.get('x-request-id')!);
    expect(served.length).toBeGreaterThan(0);
    expect(served.length).toBeLessThan(200);
    const store = await openStore(databaseUrl);
    try {
      // Written within a batch interval of each worker; the bound holds on what was billed.
      await expect
        .poll(async () => Number((await store.db.selectFrom('request_log').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', ids.poorOrg!).executeTakeFirstOrThrow()).n), { timeout: 10_000 })
        .toBe(200);
      const spent = await store.db.selectFrom('usage_events').select(sumMoneyText('cost_nano').as('t')).where('org_id', '=', ids.poorOrg!).executeTakeFirstOrThrow();
      expect(parseMoney(spent.t)).toBeGreaterThan(0n);
      expect(parseMoney(spent.t)).toBeLessThanOrEqual(NANO_PER_USD + worstCase);
    } finally {
      await store.close();
    }
  }, 90_000);

  it('should stop a disabled key on every worker within 15 s', async () => {
    const c = client(ids.disposableKey!);
    await ask(c, 'before');
    const disabledAt = Date.now();
    await admin(['key', 'disable', '--id', ids.disposableKeyId!]);
    // Refused in a row by enough requests on fresh connections that both workers answered some.
    let refusedInARow = 0;
    while (refusedInARow < 10) {
      expect(Date.now() - disabledAt).toBeLessThan(15_000);
      const status = await client(ids.disposableKey!)
        .models.list()
        .then(() => 200, (e: unknown) => (e as InstanceType<typeof OpenAI.APIError>).status);
      refusedInARow = status === 401 ? refusedInARow + 1 : 0;
      if (refusedInARow === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(Date.now() - disabledAt).toBeLessThan(15_000);
  }, 30_000);

  it('should replace a worker that is killed (SIGKILL), keep serving, and keep counters from going back', async () => {
    const rich = client(ids.richKey!, 2);
    for (let i = 0; i < 10; i++) await ask(rich, `before kill ${i}`);
    const total = async () => {
      const text = await (await fetch(`${gw.url}/metrics`)).text();
      return [...text.matchAll(/^tf_gateway_requests_total\{[^}]*\} (\S+)$/gm)].reduce((s, m) => s + Number(m[1]), 0);
    };
    const counted = await total();
    expect(counted).toBeGreaterThanOrEqual(10);
    // Killed once its request-log batch (every 100 ms) is written: a kill -9 loses the entries a
    // worker has not written yet (docs/metering.md), which the request-log durability work removes.
    await new Promise((r) => setTimeout(r, 500));
    const [victim, survivor] = workerPids(gw.output());
    process.kill(victim!, 'SIGKILL');
    await expect.poll(() => workerPids(gw.output()).length, { timeout: 60_000 }).toBe(3);
    const replacement = workerPids(gw.output())[2]!;
    expect([victim, survivor]).not.toContain(replacement);
    expect(isAlive(replacement)).toBe(true);
    expect(gw.output()).toMatch(/"signal":"SIGKILL"[^\n]*"msg":"worker exited; starting a replacement"/);
    for (let i = 0; i < 10; i++) await ask(rich, `after kill ${i}`);
    // The dead worker's counts stay in the sum (kept from its last snapshot, taken by the scrape just
    // before the kill); the survivor and the replacement add the ten new ones.
    expect(await total()).toBe(counted + 10);
  }, 120_000);

  it('should lose no answered request when a worker is stopped (SIGTERM) under load, and replace it', async () => {
    const before = workerPids(gw.output());
    const live = before.filter(isAlive);
    expect(live).toHaveLength(2);
    let stop = false;
    const failures: unknown[] = [];
    const loops = Array.from({ length: 8 }, async (_, n) => {
      // The SDK retries what a draining worker refuses (503, closed connections), as against any server.
      const c = client(ids.richKey!, 3);
      for (let i = 0; !stop; i++) await ask(c, `load ${n}.${i} [sim:slow:20]`).catch((e: unknown) => failures.push(e));
    });
    await new Promise((r) => setTimeout(r, 1500));
    process.kill(live[0]!, 'SIGTERM');
    await expect.poll(() => workerPids(gw.output()).length, { timeout: 60_000 }).toBe(before.length + 1);
    await new Promise((r) => setTimeout(r, 1000));
    stop = true;
    await Promise.all(loops);
    expect(failures).toEqual([]);
    expect(gw.output()).toMatch(/"code":0,"signal":null[^\n]*"msg":"worker exited; starting a replacement"/);
  }, 120_000);

  it('should drain every worker on SIGTERM (exit 0) with every answered request in the log and each usage settled exactly once', async () => {
    expect(await gw.stop()).toBe(0);
    for (const pid of workerPids(gw.output())) expect(isAlive(pid), `worker ${pid}`).toBe(false);
    const store = await openStore(databaseUrl);
    try {
      const logged = new Set((await store.db.selectFrom('request_log').select('id').execute()).map((r) => r.id));
      const missing = [...answered].filter((id) => !logged.has(id));
      expect(answered.size).toBeGreaterThan(100);
      expect(missing, 'answered but not in the request log').toEqual([]);
      const events = await store.db.selectFrom('usage_events').select(['id', 'settled_at']).select(sumMoneyText('cost_nano').as('cost')).groupBy(['id', 'settled_at']).execute();
      expect(events.filter((e) => e.settled_at === null)).toEqual([]);
      const debits = await store.db.selectFrom('ledger_entries').select(['reference']).select(sumMoneyText('amount_nano').as('amount')).where('kind', '=', 'usage').groupBy('reference').execute();
      const billable = events.filter((e) => parseMoney(e.cost) > 0n);
      expect(debits).toHaveLength(billable.length);
      const debitOf = new Map(debits.map((d) => [d.reference, -parseMoney(d.amount)]));
      for (const e of billable) expect(debitOf.get(e.id), e.id).toBe(parseMoney(e.cost));
      const perReference = await store.db.selectFrom('ledger_entries').select(['reference']).select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'usage').groupBy('reference').having((eb) => eb.fn.countAll(), '>', 1).execute();
      expect(perReference).toEqual([]);
    } finally {
      await store.close();
    }
  }, 60_000);
});
