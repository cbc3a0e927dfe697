import OpenAI from 'openai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { estimateChatPromptTokens } from '../src/billing/estimate-tokens.js';
import { listLedgerEntries } from '../src/billing/ledger-repository.js';
import { NANO_PER_USD, parseUsd } from '../src/core/money.js';
import { parseMoney, sumMoneyText } from '../src/store/money-column.js';
import { describeEachDialect } from '../src/testing/dialects.js';
import { METERING_CATALOGUE, PRICEY_NANO } from '../src/testing/metering-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

const MESSAGES = [{ role: 'user' as const, content: 'Spend my money [sim:slow:40]' }];
const MAX_TOKENS = 50;
/** One request's worst case: the overdraft bound docs/metering.md states. */
const WORST_CASE = BigInt(await estimateChatPromptTokens(MESSAGES)) * PRICEY_NANO.input + BigInt(MAX_TOKENS) * PRICEY_NANO.output;

/** Sum of the organization's request-log costs, its usage debits, and its balance. */
async function money(gw: TestGateway): Promise<{ logged: bigint; debited: bigint; balance: bigint }> {
  const db = gw.gateway.store.db;
  const logged = await db.selectFrom('request_log').select(sumMoneyText('cost_nano').as('t')).where('org_id', '=', gw.orgId).executeTakeFirstOrThrow();
  const debited = await db.selectFrom('ledger_entries').select(sumMoneyText('amount_nano').as('t')).where('org_id', '=', gw.orgId).where('kind', '=', 'usage').executeTakeFirstOrThrow();
  const balance = await db.selectFrom('ledger_entries').select(sumMoneyText('amount_nano').as('t')).where('org_id', '=', gw.orgId).executeTakeFirstOrThrow();
  return { logged: parseMoney(logged.t), debited: -parseMoney(debited.t), balance: parseMoney(balance.t) };
}

async function settle(gw: TestGateway): Promise<void> {
  await gw.gateway.flushRequestLog();
  await gw.gateway.metering.settler.runOnce();
}

describeEachDialect('prepaid metering', (ctx) => {
  let gw: TestGateway;
  let client: OpenAI;

  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: METERING_CATALOGUE, databaseUrl: ctx.url(), creditUsd: '1.00', serverEnv: { TF_BALANCE_REFRESH_MS: '200' } });
    client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
  });
  afterAll(async () => gw?.close());

  it('should never let 300 parallel requests overdraw a small balance by more than one worst case', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 300 }, () => client.chat.completions.create({ model: 'test/pricey', messages: MESSAGES, max_tokens: MAX_TOKENS })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(250);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(OpenAI.APIError);
      expect((r.reason as InstanceType<typeof OpenAI.APIError>).status).toBe(402);
      expect((r.reason as InstanceType<typeof OpenAI.APIError>).code).toBe('insufficient_balance');
    }
    await settle(gw);
    const { logged, debited, balance } = await money(gw);
    expect(debited).toBe(logged);
    expect(debited).toBeLessThanOrEqual(NANO_PER_USD + WORST_CASE);
    expect(balance).toBeGreaterThanOrEqual(-WORST_CASE);
    const org = await gw.gateway.metering.store.read(`org:${gw.orgId}`);
    expect(org?.holdsNano).toBe(0n);
  });

  it('should refuse with 402 insufficient_balance in the OpenAI envelope once the balance is spent, and admit again after a top-up', async () => {
    const res = await fetch(`${gw.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test/pricey', messages: [{ role: 'user', content: 'hi' }], max_tokens: 5 }),
    });
    expect(res.status).toBe(402);
    const body = (await res.json()) as { error: { code: string; type: string; message: string } };
    expect(body.error.code).toBe('insufficient_balance');
    expect(body.error.type).toBe('insufficient_quota');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    // The Anthropic-style endpoint answers in its own envelope.
    const messages = await fetch(`${gw.rootURL}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': gw.key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test/pricey', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(messages.status).toBe(402);
    expect(((await messages.json()) as { type: string; error: { type: string } }).error.type).toBe('billing_error');
    await gw.admin(['credit', '--org', gw.orgId, '--amount', '5.00']);
    await new Promise((r) => setTimeout(r, 600));
    const after = await client.chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content: 'hi again' }], max_tokens: 5 });
    expect(after.choices[0]!.message.content).toBeTruthy();
  });

  it('should refuse a key whose budget is zero and a project whose budget is zero with their own codes', async () => {
    const key = await gw.admin(['key', 'create', '--project', gw.projectId, '--name', 'zero']);
    await gw.admin(['key', 'budget', '--id', String(key.id), '--budget', '0']);
    const zeroKey = new OpenAI({ baseURL: gw.baseURL, apiKey: String(key.secret), maxRetries: 0 });
    const refused = await zeroKey.chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content: 'x' }], max_tokens: 5 }).catch((e: unknown) => e);
    expect((refused as InstanceType<typeof OpenAI.APIError>).status).toBe(402);
    expect((refused as InstanceType<typeof OpenAI.APIError>).code).toBe('key_budget_exceeded');

    const project = await gw.admin(['project', 'create', '--org', gw.orgId, '--name', 'capped']);
    await gw.admin(['project', 'limits', '--project', String(project.id), '--budget', '0']);
    const pkey = await gw.admin(['key', 'create', '--project', String(project.id)]);
    const projectClient = new OpenAI({ baseURL: gw.baseURL, apiKey: String(pkey.secret), maxRetries: 0 });
    const capped = await projectClient.chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content: 'x' }], max_tokens: 5 }).catch((e: unknown) => e);
    expect((capped as InstanceType<typeof OpenAI.APIError>).code).toBe('project_budget_exceeded');
  });

  it('should stop a key at its budget, overspending it by at most one worst case', async () => {
    const key = await gw.admin(['key', 'create', '--project', gw.projectId, '--name', 'budgeted']);
    await gw.admin(['key', 'budget', '--id', String(key.id), '--budget', '0.30']);
    const budgeted = new OpenAI({ baseURL: gw.baseURL, apiKey: String(key.secret), maxRetries: 0 });
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, () => budgeted.chat.completions.create({ model: 'test/pricey', messages: MESSAGES, max_tokens: MAX_TOKENS })),
    );
    const codes = results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as InstanceType<typeof OpenAI.APIError>).code));
    expect(codes).toContain('ok');
    expect(codes).toContain('key_budget_exceeded');
    await gw.gateway.flushRequestLog();
    const spent = await gw.gateway.store.db
      .selectFrom('usage_events')
      .select(sumMoneyText('cost_nano').as('t'))
      .where('key_id', '=', String(key.id))
      .executeTakeFirstOrThrow();
    expect(parseMoney(spent.t)).toBeLessThanOrEqual(parseUsd('0.30')! + WORST_CASE);
  });

  it('should enforce the project rpm with x-ratelimit headers and a 429 rate_limit_exceeded with retry-after', async () => {
    const project = await gw.admin(['project', 'create', '--org', gw.orgId, '--name', 'limited']);
    const limits = await gw.admin(['project', 'limits', '--project', String(project.id), '--rpm', '2', '--tpm', 'none']);
    expect(limits).toMatchObject({ rpm: 2, tpm: null, budgetUsd: null });
    const key = await gw.admin(['key', 'create', '--project', String(project.id)]);
    const limited = new OpenAI({ baseURL: gw.baseURL, apiKey: String(key.secret), maxRetries: 0 });
    const ask = { model: 'test/limited', messages: [{ role: 'user' as const, content: 'x' }] };
    const first = await limited.chat.completions.create(ask).withResponse();
    expect(first.response.headers.get('x-ratelimit-limit-requests')).toBe('2');
    expect(first.response.headers.get('x-ratelimit-remaining-requests')).toBe('1');
    expect(first.response.headers.get('x-ratelimit-reset-requests')).toMatch(/^\d+s$/);
    await limited.chat.completions.create(ask);
    const third = await limited.chat.completions.create(ask).catch((e: unknown) => e);
    expect(third).toBeInstanceOf(OpenAI.RateLimitError);
    const error = third as InstanceType<typeof OpenAI.RateLimitError>;
    expect(error.code).toBe('rate_limit_exceeded');
    expect(Number(error.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(error.headers?.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(error.headers?.get('x-ratelimit-remaining-requests')).toBe('0');
  });

  it('should reconcile to the nano-USD: request-log costs = ledger usage debits = what /v1/key reports for its key', async () => {
    const key = await gw.admin(['key', 'create', '--project', gw.projectId, '--name', 'reconcile']);
    const c = new OpenAI({ baseURL: gw.baseURL, apiKey: String(key.secret), maxRetries: 0 });
    let reported = 0n;
    for (let i = 0; i < 5; i++) {
      const r = await c.chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content: `count ${i}` }], max_tokens: 10 + i });
      reported += parseUsd((r.usage as unknown as { cost: string }).cost)!;
    }
    const stream = await c.chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content: 'stream' }], max_tokens: 12, stream: true, stream_options: { include_usage: true } });
    for await (const chunk of stream) if (chunk.usage) reported += parseUsd((chunk.usage as unknown as { cost: string }).cost)!;
    await settle(gw);
    const db = gw.gateway.store.db;
    const logged = await db.selectFrom('request_log').select(sumMoneyText('cost_nano').as('t')).where('key_id', '=', String(key.id)).executeTakeFirstOrThrow();
    const ids = (await db.selectFrom('request_log').select('id').where('key_id', '=', String(key.id)).execute()).map((r) => r.id);
    const entries = (await listLedgerEntries(db, gw.orgId, { limit: 10_000 })).filter((e) => e.kind === 'usage' && ids.includes(e.reference ?? ''));
    const debited = entries.reduce((sum, e) => sum - e.amountNano, 0n);
    const self = (await (await fetch(`${gw.baseURL}/key`, { headers: { authorization: `Bearer ${String(key.secret)}` } })).json()) as { usage: string; unsettled_records: number };
    expect(parseMoney(logged.t)).toBe(reported);
    expect(debited).toBe(reported);
    expect(parseUsd(self.usage)).toBe(reported);
    expect(self.unsettled_records).toBe(0);
    expect(entries).toHaveLength(6);
  });
});
