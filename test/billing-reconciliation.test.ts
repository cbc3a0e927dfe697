import { randomBytes } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import OpenAI from 'openai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseSignedUsd, parseUsd } from '../src/core/money.js';
import { moneyText, parseMoney, sumMoneyText } from '../src/store/money-column.js';
import { describeEachDialect } from '../src/testing/dialects.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

/**
 * The proof: after a few thousand requests with failures, refunds, a top-up, a grant that
 * expires and an organization that ran dry on the way, every place that shows money agrees to the
 * nano-USD — request log, ledger, balance route, statement, both transaction CSVs, the usage CSV
 * and `GET /v1/key`.
 */
const CATALOGUE = `
providers:
  - id: sim
    type: sim
models:
  - id: test/meter
    kind: chat
    contextLength: 8000
    maxOutputTokens: 200
    defaultMaxOutputTokens: 40
    capabilities: {tools: true, jsonObject: true, jsonSchema: true, vision: false, streaming: true}
    pricing: {input: "3.70", output: "11.30"}
    provider: sim
    upstreamModel: sim-meter
`;
const OPERATOR = `op-${randomBytes(12).toString('hex')}`;
const TOTAL_REQUESTS = 2400;
const CONCURRENCY = 12;

type Kind = 'plain' | 'stream' | 'error' | 'broken-stream';

/** The mix: mostly billed answers, some upstream errors (free) and streams that break (billed on an estimate). */
function kindOf(i: number): Kind {
  if (i % 29 === 0) return 'error';
  if (i % 31 === 0) return 'broken-stream';
  return i % 3 === 0 ? 'stream' : 'plain';
}

interface Outcome {
  readonly requestId: string | null;
  /** `usage.cost` as the client saw it, or null when it saw none. */
  readonly reportedNano: bigint | null;
  readonly status: number;
}

async function callOnce(client: OpenAI, i: number): Promise<Outcome> {
  const kind = kindOf(i);
  const trigger = kind === 'error' ? ' [sim:error:500]' : kind === 'broken-stream' ? ' [sim:fail-mid-stream]' : '';
  const messages = [{ role: 'user' as const, content: `request ${i} ${'word '.repeat(i % 17)}${trigger}` }];
  const options = { headers: { 'x-tf-tags': `batch=${i % 2 === 0 ? 'even' : 'odd'}` } };
  try {
    if (kind === 'plain' || kind === 'error') {
      const { data, response } = await client.chat.completions.create({ model: 'test/meter', messages, max_tokens: 5 + (i % 30), user: `user-${i % 5}` }, options).withResponse();
      return { requestId: response.headers.get('x-request-id'), reportedNano: parseUsd((data.usage as unknown as { cost: string }).cost), status: 200 };
    }
    const { data: stream, response } = await client.chat.completions
      .create({ model: 'test/meter', messages, max_tokens: 5 + (i % 30), stream: true, stream_options: { include_usage: true } }, options)
      .withResponse();
    let reported: bigint | null = null;
    try {
      for await (const chunk of stream) if (chunk.usage) reported = parseUsd((chunk.usage as unknown as { cost: string }).cost);
    } catch {
      // A stream that breaks mid-way: the client saw no usage; the request log still bills what was generated.
    }
    return { requestId: response.headers.get('x-request-id'), reportedNano: reported, status: 200 };
  } catch (error) {
    if (error instanceof OpenAI.APIError) return { requestId: error.headers?.get('x-request-id') ?? null, reportedNano: null, status: error.status ?? 0 };
    throw error;
  }
}

/** Run requests [from, to) with a fixed concurrency. */
async function runRequests(client: OpenAI, from: number, to: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = from;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) outcomes.push(await callOnce(client, next++));
    }),
  );
  return outcomes;
}

describeEachDialect('billing reconciliation', (ctx) => {
  let gw: TestGateway;
  let client: OpenAI;
  const outcomes: Outcome[] = [];

  const api = async (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${gw.rootURL}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${OPERATOR}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const json = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await api(method, path, body);
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const settle = async (): Promise<void> => {
    await gw.gateway.flushRequestLog();
    await gw.gateway.metering.settler.runOnce();
  };

  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: CATALOGUE, databaseUrl: ctx.url(), creditUsd: '0.05', serverEnv: { TF_BALANCE_REFRESH_MS: '100', TF_ADMIN_TOKEN: OPERATOR } });
    client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
  }, 60_000);
  afterAll(async () => gw?.close());

  it('should spend the balance down to refusals, then admit again after a top-up', async () => {
    outcomes.push(...(await runRequests(client, 0, TOTAL_REQUESTS / 2)));
    // $0.05 buys a few hundred of these requests: the rest of the first half is refused.
    const refused = outcomes.filter((o) => o.status === 402).length;
    expect(refused).toBeGreaterThan(100);
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(100);

    const topUp = await json<{ id: string; checkout_url: string }>('POST', `/orgs/${gw.orgId}/billing/top-ups`, { amount_usd: '3.00' });
    expect((await json<{ status: string }>('POST', `/payments/${topUp.id}/confirm`)).status).toBe('completed');
    // The balance cache refreshes every 100 ms; keep asking until one request is admitted again.
    const deadline = Date.now() + 5000;
    for (;;) {
      const outcome = await callOnce(client, 1);
      outcomes.push(outcome);
      if (outcome.status === 200) break;
      expect(outcome.status).toBe(402);
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    const refusedBeforeSecondHalf = outcomes.filter((o) => o.status === 402).length;
    outcomes.push(...(await runRequests(client, TOTAL_REQUESTS / 2, TOTAL_REQUESTS)));
    // $3.00 is plenty for the second half: nothing more is refused.
    expect(outcomes.filter((o) => o.status === 402).length).toBe(refusedBeforeSecondHalf);
  }, 240_000);

  it('should agree to the nano-USD everywhere after refunds and an expired grant', async () => {
    await settle();
    const db = gw.gateway.store.db;
    // Refund twenty billed requests (one of them partly) and grant credit that expires unused.
    const logRows = (await db.selectFrom('request_log').select(['id', moneyText('cost_nano').as('cost')]).where('org_id', '=', gw.orgId).orderBy('id').execute()).map((r) => ({ id: r.id, costNano: parseMoney(r.cost) }));
    const billed = logRows.filter((r) => r.costNano > 0n).slice(0, 20);
    expect(billed).toHaveLength(20);
    for (const [n, row] of billed.entries()) await gw.admin(['refund', '--request', row.id, ...(n === 0 ? ['--amount', '0.000000001'] : [])]);
    await gw.admin(['grant', '--org', gw.orgId, '--amount', '0.25', '--expires', new Date(Date.now() + 1500).toISOString()]);
    await new Promise((r) => setTimeout(r, 1700));
    await settle();

    const sumOf = async (kind: string | null): Promise<bigint> => {
      const row = await db.selectFrom('ledger_entries').select(sumMoneyText('amount_nano').as('t')).where('org_id', '=', gw.orgId).$if(kind !== null, (q) => q.where('kind', '=', kind!)).executeTakeFirstOrThrow();
      return parseMoney(row.t);
    };
    const logged = parseMoney((await db.selectFrom('request_log').select(sumMoneyText('cost_nano').as('t')).where('org_id', '=', gw.orgId).executeTakeFirstOrThrow()).t);
    const usage = -(await sumOf('usage'));
    const ledger = await sumOf(null);
    const refunds = await sumOf('refund');
    const expired = -(await sumOf('expiry'));

    // The request log and the ledger: every logged cost is debited once, nothing more.
    expect(usage).toBe(logged);
    expect(logged).toBeGreaterThan(0n);
    // What each client was told is what was logged for its request id.
    const loggedById = new Map(logRows.map((r) => [r.id, r.costNano]));
    let compared = 0;
    for (const o of outcomes) {
      if (o.requestId === null) continue;
      expect(loggedById.has(o.requestId), o.requestId).toBe(true);
      if (o.reportedNano !== null) {
        expect(loggedById.get(o.requestId)).toBe(o.reportedNano);
        compared += 1;
      }
      if (o.status !== 200) expect(loggedById.get(o.requestId)).toBe(0n);
    }
    expect(compared).toBeGreaterThan(1000);
    // The upstream errors reached the client as 5xx errors and cost nothing.
    expect(outcomes.filter((o) => o.status >= 500).length).toBeGreaterThan(30);
    // Broken streams were billed for what they generated although the client saw no usage.
    const broken = outcomes.filter((o) => o.status === 200 && o.reportedNano === null && o.requestId !== null);
    expect(broken.length).toBeGreaterThan(20);
    expect(broken.some((o) => loggedById.get(o.requestId!)! > 0n)).toBe(true);

    // The ledger: credit + top-up + refunds + grant − usage − expiry, and the balance route agrees.
    expect(refunds).toBe(billed.reduce((sum, r, n) => sum + (n === 0 ? 1n : r.costNano), 0n));
    expect(expired).toBe(250_000_000n);
    expect(ledger).toBe(50_000_000n + 3_000_000_000n + refunds + 250_000_000n - usage - expired);
    const balance = await json<{ balance_usd: string; pending_usd: string }>('GET', `/orgs/${gw.orgId}/billing/balance`);
    expect(parseSignedUsd(balance.balance_usd)).toBe(ledger);
    expect(parseSignedUsd(balance.pending_usd)).toBe(0n);

    // The statement of this month (the organization is new, so it opens at zero).
    const month = new Date().toISOString().slice(0, 7);
    const statement = await json<Record<string, string>>('GET', `/orgs/${gw.orgId}/billing/statements/${month}`);
    expect(parseSignedUsd(statement.opening_balance_usd!)).toBe(0n);
    expect(parseSignedUsd(statement.usage_total_usd!)).toBe(usage);
    expect(parseSignedUsd(statement.credits_total_usd!)).toBe(50_000_000n + 3_000_000_000n + refunds + 250_000_000n);
    expect(parseSignedUsd(statement.closing_balance_usd!)).toBe(ledger);

    // Both transaction exports add up to the ledger.
    for (const view of ['summary', 'detail']) {
      const res = await api('GET', `/orgs/${gw.orgId}/billing/transactions.csv?view=${view}`);
      expect(res.status).toBe(200);
      const [header, ...rows] = parseCsv(await res.text()) as string[][];
      const amount = header!.indexOf('amount_usd');
      const kind = header!.indexOf('kind');
      expect(rows.reduce((sum, r) => sum + parseSignedUsd(r[amount]!)!, 0n), view).toBe(ledger);
      expect(rows.filter((r) => r[kind] === 'usage').reduce((sum, r) => sum - parseSignedUsd(r[amount]!)!, 0n), view).toBe(usage);
    }
    // The usage export (from the hourly rollups), grouped by tag, totals the usage debits.
    const usageCsv = await api('GET', `/orgs/${gw.orgId}/usage?format=csv&granularity=hour&group_by=tag:batch`);
    const [usageHeader, ...usageRows] = parseCsv(await usageCsv.text()) as string[][];
    const cost = usageHeader!.indexOf('cost_usd');
    expect(usageRows.reduce((sum, r) => sum + parseUsd(r[cost]!)!, 0n)).toBe(usage);

    // The key's own view of this month's usage.
    const self = (await (await fetch(`${gw.baseURL}/key`, { headers: { authorization: `Bearer ${gw.key}` } })).json()) as { usage: string; unsettled_records: number };
    expect(self.unsettled_records).toBe(0);
    expect(parseUsd(self.usage)).toBe(usage);
  }, 120_000);
});
