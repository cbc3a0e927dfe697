import OpenAI from 'openai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getRequestLogRow, listRequestLogRows } from '../src/billing/request-log-repository.js';
import { sumMoneyText, parseMoney } from '../src/store/money-column.js';
import { describeEachDialect } from '../src/testing/dialects.js';
import { readDemoCatalogue } from '../src/testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

describeEachDialect('request log', (ctx) => {
  let gw: TestGateway;
  let client: OpenAI;

  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: readDemoCatalogue(), databaseUrl: ctx.url() });
    client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
  });
  afterAll(async () => gw?.close());

  it('should write one row per request keyed by x-request-id, with the model as sent and the cost billed', async () => {
    const { data, response } = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'log me' }] })
      .withResponse();
    const id = response.headers.get('x-request-id')!;
    await gw.gateway.flushRequestLog();
    const row = await getRequestLogRow(gw.gateway.store.db, id);
    expect(row).not.toBeNull();
    expect(row!.modelRequested).toBe('gpt-4o-mini');
    expect(row!.modelResolved).toBe('openai/gpt-4o-mini@2024-07-18');
    expect(row!.endpoint).toBe('chat.completions');
    expect(row!.status).toBe(200);
    expect(row!.orgId).toBe(gw.orgId);
    expect(row!.projectId).toBe(gw.projectId);
    expect(row!.inputTokens).toBe(data.usage!.prompt_tokens);
    expect(row!.outputTokens).toBe(data.usage!.completion_tokens);
    expect(row!.usageSource).toBe('reported');
    expect(row!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(row!.ttftMs).not.toBeNull();
    const cost = (data.usage as unknown as { cost: string }).cost;
    expect(row!.costNano).toBe(BigInt(cost.replace('.', '')));
  });

  it('should record streams (with time to first token) and failures with their status and code', async () => {
    const stream = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'stream me' }] });
    for await (const _ of stream) {
      // drain
    }
    const failed = await client.chat.completions.create({ model: 'nobody/nothing', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(OpenAI.NotFoundError);
    await gw.gateway.flushRequestLog();
    const rows = await listRequestLogRows(gw.gateway.store.db, { orgId: gw.orgId, limit: 10 });
    const streamed = rows.find((r) => r.stream);
    expect(streamed?.status).toBe(200);
    expect(streamed?.ttftMs).not.toBeNull();
    expect(streamed?.outputTokens).toBeGreaterThan(0);
    const notFound = rows.find((r) => r.status === 404);
    expect(notFound?.errorCode).toBe('model_not_found');
    expect(notFound?.modelRequested).toBe('nobody/nothing');
    expect(notFound?.costNano).toBe(0n);
  });

  it('should write a usage event per metered request whose costs sum to the request log', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: `n ${i}` }] })),
    );
    await gw.gateway.flushRequestLog();
    const db = gw.gateway.store.db;
    const log = await db.selectFrom('request_log').select(sumMoneyText('cost_nano').as('total')).where('org_id', '=', gw.orgId).executeTakeFirstOrThrow();
    const events = await db.selectFrom('usage_events').select(sumMoneyText('cost_nano').as('total')).where('org_id', '=', gw.orgId).executeTakeFirstOrThrow();
    expect(parseMoney(events.total)).toBe(parseMoney(log.total));
    expect(parseMoney(log.total)).toBeGreaterThan(0n);
  });
});
