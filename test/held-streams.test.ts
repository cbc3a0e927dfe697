import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateTokens } from '../src/billing/estimate-tokens.js';
import { getRequestLogRow } from '../src/billing/request-log-repository.js';
import { HoldingUpstream } from '../src/testing/holding-upstream.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

const STREAMS = 1000;

/** Open a stream with fetch and resolve once its first event arrived; the reader stays open. */
async function openStream(gw: TestGateway, signal: AbortSignal) {
  const res = await fetch(`${gw.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'acme/chat', stream: true, messages: [{ role: 'user', content: 'Tell me a story' }] }),
    signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = decoder.decode((await reader.read()).value);
  const rest = (async () => {
    for (let next = await reader.read(); !next.done; next = await reader.read()) text += decoder.decode(next.value);
    return text;
  })();
  return { id: res.headers.get('x-request-id')!, rest };
}

describe(`one client of ${STREAMS} held streams leaving`, () => {
  const upstream = new HoldingUpstream();
  let gw: TestGateway;

  beforeAll(async () => {
    const url = await upstream.listen();
    gw = await startTestGateway({
      catalogue: `
providers:
  - {id: up, type: openai, baseUrl: "${url}", timeouts: {connectMs: 2000, headersMs: 10000, idleMs: 60000}}
models:
  - {id: acme/chat, kind: chat, contextLength: 32000, maxOutputTokens: 100, pricing: {input: "1.00", output: "2.00"}, provider: up, upstreamModel: up-model}
`,
    });
  });
  afterAll(async () => {
    await upstream.close();
    await gw?.close();
  }, 60_000);

  it('should cancel its upstream call, bill it only the delivered text, and let the others finish and be billed once', async () => {
    const controllers = Array.from({ length: STREAMS }, () => new AbortController());
    const streams = await Promise.all(controllers.map((c) => openStream(gw, c.signal)));
    expect(upstream.holding).toBe(STREAMS);

    const leaver = streams[STREAMS >> 1]!;
    controllers[STREAMS >> 1]!.abort();
    await expect(leaver.rest).rejects.toThrow();
    // The gateway cancels exactly that upstream call, at once, and no other.
    await expect.poll(() => upstream.closedEarly, { timeout: 5000 }).toBe(1);
    expect(upstream.holding).toBe(STREAMS - 1);

    upstream.releaseAll();
    const texts = await Promise.all(streams.filter((s) => s !== leaver).map((s) => s.rest));
    expect(texts.every((t) => t.includes('"content":"hello"') && t.trimEnd().endsWith('data: [DONE]'))).toBe(true);

    // The leaver's entry is written once its delivered text is counted (the tokenizer estimates it).
    await expect
      .poll(async () => {
        await gw.gateway.flushRequestLog();
        return (await getRequestLogRow(gw.gateway.store.db, leaver.id))?.status;
      }, { timeout: 30_000, interval: 200 })
      .toBe(499);
    const left = await getRequestLogRow(gw.gateway.store.db, leaver.id);
    expect(left?.status).toBe(499);
    expect(left?.usageSource).toBe('estimated');
    expect(left?.outputTokens).toBe(await estimateTokens(['hello']));
    // Exact cost of what it got: $1 / M input and $2 / M output tokens are 1,000 and 2,000 nano-USD a token.
    expect(left?.costNano).toBe(BigInt(left!.inputTokens) * 1000n + BigInt(left!.outputTokens) * 2000n);

    const finished = await getRequestLogRow(gw.gateway.store.db, streams[0]!.id);
    expect(finished).toMatchObject({ status: 200, usageSource: 'reported', inputTokens: 5, outputTokens: 1, costNano: 5n * 1000n + 2000n });
    const total = await gw.gateway.store.db
      .selectFrom('request_log')
      .select((eb) => [eb.fn.countAll<number>().as('n')])
      .where('org_id', '=', gw.orgId)
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(STREAMS);
    // Every hold taken at admission was released.
    await expect.poll(async () => (await gw.gateway.metering.store.read(`org:${gw.orgId}`))?.holdsNano, { timeout: 5000 }).toBe(0n);
  }, 120_000);
});
