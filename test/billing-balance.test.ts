import OpenAI from 'openai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatUsd, parseUsd } from '../src/core/money.js';
import { describeEachDialect } from '../src/testing/dialects.js';
import { METERING_CATALOGUE } from '../src/testing/metering-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

const OPERATOR = 'balance-test-operator-token-0123456789';

describeEachDialect('GET /api/orgs/:orgId/billing/balance on a running gateway', (ctx) => {
  let gw: TestGateway;
  const balance = async () => {
    const res = await fetch(`${gw.rootURL}/api/orgs/${gw.orgId}/billing/balance`, { headers: { authorization: `Bearer ${OPERATOR}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as { balance_usd: string; held_usd: string; unsettled_usd: string; pending_usd: string; available_usd: string; credit_buckets: { source: string; remaining_usd: string }[] };
  };

  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: METERING_CATALOGUE, databaseUrl: ctx.url(), creditUsd: '5.00', serverEnv: { TF_ADMIN_TOKEN: OPERATOR, TF_SETTLE_INTERVAL_MS: '3600000' } });
  });
  afterAll(async () => gw?.close());

  it('should count the hold of a request in flight as pending, and the settled cost in the balance once it ends', async () => {
    const client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
    const inFlight = client.chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content: 'Take your time [sim:slow:2000]' }], max_tokens: 50 });
    let held = 0n;
    for (let i = 0; i < 100 && held === 0n; i++) {
      held = (await gw.gateway.metering.store.read(`org:${gw.orgId}`))?.holdsNano ?? 0n;
      if (held === 0n) await new Promise((r) => setTimeout(r, 20));
    }
    expect(held).toBeGreaterThan(0n);
    const during = await balance();
    expect(during).toMatchObject({ balance_usd: '5.000000000', held_usd: formatUsd(held), unsettled_usd: '0.000000000', pending_usd: formatUsd(held) });
    expect(during.available_usd).toBe(formatUsd(5_000_000_000n - held));
    expect(during.credit_buckets).toEqual([expect.objectContaining({ source: 'paid', remaining_usd: '5.000000000' })]);

    const answer = await inFlight;
    const cost = parseUsd((answer.usage as unknown as { cost: string }).cost)!;
    expect(cost).toBeGreaterThan(0n);
    await gw.gateway.flushRequestLog();
    // Written, not yet settled: still pending.
    expect(await balance()).toMatchObject({ balance_usd: '5.000000000', held_usd: '0.000000000', unsettled_usd: formatUsd(cost), pending_usd: formatUsd(cost) });
    await gw.gateway.metering.settler.runOnce();
    const after = await balance();
    expect(after).toMatchObject({ balance_usd: formatUsd(5_000_000_000n - cost), pending_usd: '0.000000000', available_usd: formatUsd(5_000_000_000n - cost) });
    expect(after.credit_buckets.map((b) => b.remaining_usd)).toEqual([formatUsd(5_000_000_000n - cost)]);
  });
});
