import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRequestLogRow } from '../src/billing/request-log-repository.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';
import { startTrickleUpstream, type TrickleUpstream } from '../src/testing/trickle-upstream.js';
import { upstreamCatalogue } from '../src/testing/upstream-catalogue.js';

// The stream relay finds the usage chunk's usage object in the upstream's text, parses only that and
// splices `cost` in; everything else in that chunk goes out as the upstream wrote it. These streams
// put the fields in odd places and send a few bytes at a time, so the chunk is split across reads.
// The user message picks the upstream's usage chunk.
const USAGE = { prompt_tokens: 7, completion_tokens: 11, total_tokens: 18, prompt_tokens_details: { cached_tokens: 2 } };
const CONTENT = (text: string) => JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'upstream-chat-v1', choices: [{ index: 0, delta: { content: text }, finish_reason: null }], usage: null });
const USAGE_CHUNKS: Record<string, string> = {
  // usage before model, a nested `model` and `usage` before the top-level ones, multi-byte text.
  odd: `{"usage" : ${JSON.stringify(USAGE)},"id":"c1 Grüße 😀","x_vendor":{"model":"keep","usage":{"prompt_tokens":99}},"object":"chat.completion.chunk","created":1,"choices":[],"model":"upstream-chat-v1"}`,
  // The last content chunk carries the usage (some servers do this).
  with_choices: `{"id":"c1","object":"chat.completion.chunk","created":1,"model":"upstream-chat-v1","choices":[{"index":0,"delta":{"content":" end"},"finish_reason":"stop"}],"usage":${JSON.stringify(USAGE)}}`,
  // Already priced upstream: parsed, and the gateway's cost replaces it.
  priced: `{"id":"c1","object":"chat.completion.chunk","created":1,"model":"upstream-chat-v1","choices":[],"usage":${JSON.stringify({ ...USAGE, cost: 1 })}}`,
};
/** 7 × 0.15 + 11 × 0.60 USD per million tokens, 2 of the 7 read from cache at 0.075. */
const COST = '0.000007500';

let upstream: TrickleUpstream;
let gw: TestGateway;

beforeAll(async () => {
  upstream = await startTrickleUpstream((body) => {
    const scenario = (JSON.parse(body) as { messages: { content: string }[] }).messages[0]!.content;
    const usageEvent = scenario === 'none' ? '' : `data: ${USAGE_CHUNKS[scenario]}\n\n`;
    return `data: ${CONTENT('Grüße')}\n\ndata: ${CONTENT(' 😀')}\n\n${usageEvent}data: [DONE]\n\n`;
  }, 5);
  gw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: upstream.url }), env: { UP_KEY: 'k' } });
});
afterAll(async () => {
  await gw?.close();
  await upstream?.close();
});

/** Stream one chat completion; the data of every event, as text, and the request id. */
async function streamEvents(scenario: string, includeUsage: boolean): Promise<{ events: string[]; requestId: string }> {
  const res = await fetch(`${gw.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'acme/chat', stream: true, ...(includeUsage ? { stream_options: { include_usage: true } } : {}), messages: [{ role: 'user', content: scenario }] }),
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
  return { events: text.split('\n\n').filter((e) => e !== '').map((e) => e.replace(/^data: /, '')), requestId: res.headers.get('x-request-id')! };
}

async function logged(requestId: string) {
  await gw.gateway.flushRequestLog();
  return getRequestLogRow(gw.gateway.store.db, requestId);
}

describe('the usage chunk of a relayed stream', () => {
  it('should be the upstream text with the catalogue model and the cost, whatever the field order', async () => {
    const { events, requestId } = await streamEvents('odd', true);
    expect(events).toHaveLength(4);
    const expected = USAGE_CHUNKS.odd!.replace('"model":"upstream-chat-v1"}', '"model":"acme/chat"}').replace('"cached_tokens":2}}', `"cached_tokens":2},"cost":"${COST}"}`);
    expect(events[2]).toBe(expected);
    const parsed = JSON.parse(events[2]!) as Record<string, unknown>;
    expect(parsed.x_vendor).toEqual({ model: 'keep', usage: { prompt_tokens: 99 } });
    expect(parsed.id).toBe('c1 Grüße 😀');
    const row = await logged(requestId);
    expect(row).toMatchObject({ inputTokens: 7, outputTokens: 11, cachedTokens: 2, usageSource: 'reported', status: 200 });
    expect(row!.costNano).toBe(7500n);
  });

  it('should keep the choices of a content chunk that carries the usage', async () => {
    const { events } = await streamEvents('with_choices', true);
    const last = JSON.parse(events[2]!) as { model: string; choices: { delta: { content: string } }[]; usage: Record<string, unknown> };
    expect(last.model).toBe('acme/chat');
    expect(last.choices[0]!.delta.content).toBe(' end');
    expect(last.usage).toEqual({ ...USAGE, cost: COST });
  });

  it('should replace an upstream cost with the gateway cost', async () => {
    const { events } = await streamEvents('priced', true);
    expect((JSON.parse(events[2]!) as { usage: unknown }).usage).toEqual({ ...USAGE, cost: COST });
  });

  it('should drop a usage-only chunk the client did not ask for, and still bill it exactly', async () => {
    const { events, requestId } = await streamEvents('odd', false);
    expect(events).toHaveLength(3);
    expect(events.some((e) => e.includes('"usage"') && !e.includes('"usage":null'))).toBe(false);
    const row = await logged(requestId);
    expect(row).toMatchObject({ inputTokens: 7, outputTokens: 11, usageSource: 'reported' });
    expect(row!.costNano).toBe(7500n);
  });

  it('should estimate from the forwarded text when the upstream reports no usage, and name the stream in its own usage chunk', async () => {
    const { events, requestId } = await streamEvents('none', true);
    expect(events).toHaveLength(4);
    const usageChunk = JSON.parse(events[2]!) as { id: string; created: number; model: string; usage: { completion_tokens: number; cost: string } };
    // id and created come from the last chunk the upstream sent, which was forwarded unparsed.
    expect(usageChunk).toMatchObject({ id: 'c1', created: 1, model: 'acme/chat' });
    expect(usageChunk.usage.completion_tokens).toBeGreaterThan(0);
    const row = await logged(requestId);
    expect(row).toMatchObject({ usageSource: 'estimated', outputTokens: usageChunk.usage.completion_tokens });
  });

  it('should keep the content of a usage-carrying chunk the client did not ask usage for, without the usage', async () => {
    const { events, requestId } = await streamEvents('with_choices', false);
    expect(events).toHaveLength(4);
    const last = JSON.parse(events[2]!) as Record<string, unknown>;
    expect(last.usage).toBeUndefined();
    expect(last.model).toBe('acme/chat');
    expect((await logged(requestId))!.costNano).toBe(7500n);
  });
});
