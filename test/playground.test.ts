import OpenAI from 'openai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatUsd, parseUsd } from '../src/core/money.js';
import { describeEachDialect } from '../src/testing/dialects.js';
import { METERING_CATALOGUE } from '../src/testing/metering-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

const OPERATOR = 'playground-test-operator-token-0123456789';
const PASSWORD = 'correct horse battery staple';

interface Person {
  readonly id: string;
  readonly cookie: string;
}

describeEachDialect('console playground on a running gateway', (ctx) => {
  let gw: TestGateway;
  let developer: Person;
  let viewer: Person;
  const url = (path = '') => `${gw.rootURL}/api/projects/${gw.projectId}/playground/chat/completions${path}`;
  const asOperator = async (path: string) => {
    const res = await fetch(`${gw.rootURL}/api${path}`, { headers: { authorization: `Bearer ${OPERATOR}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  const balanceNano = async () => parseUsd(String((await asOperator(`/orgs/${gw.orgId}/billing/balance`)).balance_usd))!;
  const settle = async () => {
    await gw.gateway.flushRequestLog();
    await gw.gateway.metering.settler.runOnce();
  };

  async function signedIn(role: string): Promise<Person> {
    const email = `${role}-${Date.now()}@playground.test`;
    const user = await gw.admin(['user', 'create', '--email', email, '--password', PASSWORD, '--org', gw.orgId, '--role', role]);
    const res = await fetch(`${gw.rootURL}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    return { id: String(user.id), cookie };
  }

  /** What the console does: the session cookie, the CSRF header, the body of /v1/chat/completions. */
  function post(person: Person, body: unknown, headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' }) {
    return fetch(url(), { method: 'POST', headers: { cookie: person.cookie, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  }

  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: METERING_CATALOGUE, databaseUrl: ctx.url(), creditUsd: '5.00', serverEnv: { TF_ADMIN_TOKEN: OPERATOR, TF_SETTLE_INTERVAL_MS: '3600000' } });
    developer = await signedIn('developer');
    viewer = await signedIn('viewer');
  });
  afterAll(async () => gw?.close());

  it('should stream an answer billed to the project, logged as the person with source playground, and take exactly its cost from the balance', async () => {
    await settle();
    const before = await balanceNano();
    const res = await post(developer, { model: 'test/pricey', messages: [{ role: 'user', content: 'Say hello' }], max_tokens: 20, stream: true, stream_options: { include_usage: true } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const requestId = res.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^req_/);
    const events = (await res.text()).split('\n').filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]').map((l) => JSON.parse(l.slice(6)) as { choices: { delta?: { content?: string } }[]; usage?: { cost: string; completion_tokens: number } });
    const text = events.map((e) => e.choices[0]?.delta?.content ?? '').join('');
    expect(text.length).toBeGreaterThan(0);
    const usage = events.at(-1)!.usage!;
    const cost = parseUsd(usage.cost)!;
    expect(cost).toBeGreaterThan(0n);

    await settle();
    const entry = await fetch(`${gw.rootURL}/api/requests/${requestId}`, { headers: { cookie: developer.cookie } });
    expect(entry.status).toBe(200);
    expect(await entry.json()).toMatchObject({
      id: requestId, project_id: gw.projectId, key_id: null, source: 'playground', user_id: developer.id, status: 200, stream: true,
      model_requested: 'test/pricey', cost_usd: formatUsd(cost),
    });
    // Also in the project's list, where key requests carry source api.
    const list = (await (await fetch(`${gw.rootURL}/api/projects/${gw.projectId}/requests?limit=5`, { headers: { cookie: developer.cookie } })).json()) as { data: { id: string; source: string }[] };
    expect(list.data.find((r) => r.id === requestId)?.source).toBe('playground');
    expect(await balanceNano()).toBe(before - cost);
  });

  it('should answer the official openai package, with JSON mode and tools, for a person using an access token', async () => {
    const token = await fetch(`${gw.rootURL}/api/me/access-tokens`, {
      method: 'POST', headers: { cookie: developer.cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify({ name: 'playground script' }),
    });
    const secret = String(((await token.json()) as { secret: string }).secret);
    const client = new OpenAI({ baseURL: `${gw.rootURL}/api/projects/${gw.projectId}/playground`, apiKey: secret, maxRetries: 0 });
    const json = await client.chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content: 'Give me a JSON object' }], response_format: { type: 'json_object' }, max_tokens: 60 });
    expect(() => JSON.parse(json.choices[0]!.message.content ?? '') as unknown).not.toThrow();
    const tools = await client.chat.completions.create({
      model: 'test/pricey', max_tokens: 60,
      messages: [{ role: 'user', content: 'Call the weather tool for Paris' }],
      tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
    });
    const call = tools.choices[0]!.message.tool_calls?.[0];
    expect(call?.type === 'function' ? call.function.name : null).toBe('get_weather');
  });

  it('should refuse a viewer (403), a cookie write without the CSRF header (403) and nobody (401)', async () => {
    const body = { model: 'test/pricey', messages: [{ role: 'user', content: 'hi' }], max_tokens: 5 };
    const refused = await post(viewer, body);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } });
    const forged = await post(developer, body, {});
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: { code: 'csrf_header_missing' } });
    const anonymous = await fetch(url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(anonymous.status).toBe(401);
  });

  it('should refuse the next request, streaming or not, once the project is blocked (tpm 0), with the words of /v1 in the console envelope', async () => {
    const created = await fetch(`${gw.rootURL}/api/orgs/${gw.orgId}/projects`, {
      method: 'POST', headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json', 'x-requested-with': 'fetch' }, body: JSON.stringify({ name: 'Soon blocked' }),
    });
    expect(created.status).toBe(201);
    const projectId = String(((await created.json()) as { id: string }).id);
    const send = (stream: boolean) => fetch(`${gw.rootURL}/api/projects/${projectId}/playground/chat/completions`, {
      method: 'POST', headers: { cookie: developer.cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ model: 'test/pricey', messages: [{ role: 'user', content: 'hi' }], max_tokens: 5, stream }),
    });
    // Answered while open: the gateway now knows (and caches) the project's limits.
    const open = await send(false);
    expect(open.status).toBe(200);
    await open.text();
    const blocked = await fetch(`${gw.rootURL}/api/projects/${projectId}/limits`, {
      method: 'PATCH', headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json', 'x-requested-with': 'fetch' }, body: JSON.stringify({ tpm: 0 }),
    });
    expect(blocked.status).toBe(200);
    for (const stream of [false, true]) {
      const refused = await send(stream);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ error: { code: 'rate_limit_exceeded', message: expect.stringMatching(/^Rate limit reached for the project's tokens per minute \(limit 0\)/) } });
    }
    // Nothing answered, nothing logged as answered: both refusals are in the log as 429s.
    await settle();
    const list = (await (await fetch(`${gw.rootURL}/api/projects/${projectId}/requests?limit=10`, { headers: { cookie: developer.cookie } })).json()) as { data: { status: number }[] };
    expect(list.data.map((r) => r.status).sort()).toEqual([200, 429, 429]);
  });

  it("should show playground usage under the person who sent it: grouped by member, by key as playground:<person>, and in the CSV", async () => {
    const created = await fetch(`${gw.rootURL}/api/orgs/${gw.orgId}/projects`, {
      method: 'POST', headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json', 'x-requested-with': 'fetch' }, body: JSON.stringify({ name: 'Two people' }),
    });
    const projectId = String(((await created.json()) as { id: string }).id);
    const second = await signedIn('developer');
    const costs = new Map<string, string>();
    for (const person of [developer, second]) {
      const res = await fetch(`${gw.rootURL}/api/projects/${projectId}/playground/chat/completions`, {
        method: 'POST', headers: { cookie: person.cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ model: 'test/pricey', messages: [{ role: 'user', content: `hello from ${person.id}` }], max_tokens: 5 + costs.size * 10 }),
      });
      expect(res.status).toBe(200);
      costs.set(person.id, String(((await res.json()) as { usage: { cost: string } }).usage.cost));
    }
    await settle();
    const usage = async (groupBy: string) => {
      const res = await fetch(`${gw.rootURL}/api/projects/${projectId}/usage?granularity=month&group_by=${groupBy}`, { headers: { cookie: developer.cookie } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { group: string | null; requests: number; cost_usd: string }[] }).data;
    };
    const expected = (prefix: string) => [...costs].map(([id, cost]) => ({ group: `${prefix}${id}`, requests: 1, cost_usd: cost })).sort((a, b) => (a.group < b.group ? -1 : 1));
    expect((await usage('member')).map(({ group, requests, cost_usd }) => ({ group, requests, cost_usd }))).toEqual(expected(''));
    expect((await usage('key')).map(({ group, requests, cost_usd }) => ({ group, requests, cost_usd }))).toEqual(expected('playground:'));
    const csv = await (await fetch(`${gw.rootURL}/api/projects/${projectId}/usage?granularity=month&group_by=member&format=csv`, { headers: { cookie: developer.cookie } })).text();
    for (const [id, cost] of costs) expect(csv).toMatch(new RegExp(`,${id},1,\\d+,\\d+,0,0,${cost.replace('.', '\\.')}\\r\\n`));
  });

  it('should filter the request log by source: playground requests under playground, key requests under api, anything else a 400', async () => {
    const viaKey = await new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 }).chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content: 'hi' }], max_tokens: 5 }).withResponse();
    const viaPlayground = await post(developer, { model: 'test/pricey', messages: [{ role: 'user', content: 'hi' }], max_tokens: 5 });
    expect(viaPlayground.status).toBe(200);
    const keyRequest = viaKey.response.headers.get('x-request-id')!;
    const playgroundRequest = viaPlayground.headers.get('x-request-id')!;
    await gw.gateway.flushRequestLog();
    const list = async (query: string) => {
      const res = await fetch(`${gw.rootURL}/api/projects/${gw.projectId}/requests?limit=100${query}`, { headers: { cookie: developer.cookie } });
      return { status: res.status, body: (await res.json()) as { data: { id: string; source: string }[]; error?: { param: string } } };
    };
    const playground = await list('&source=playground');
    expect(playground.body.data.map((r) => r.id)).toContain(playgroundRequest);
    expect(playground.body.data.map((r) => r.id)).not.toContain(keyRequest);
    expect(new Set(playground.body.data.map((r) => r.source))).toEqual(new Set(['playground']));
    const api = await list('&source=api');
    expect(api.body.data.map((r) => r.id)).toContain(keyRequest);
    expect(api.body.data.map((r) => r.id)).not.toContain(playgroundRequest);
    expect(new Set(api.body.data.map((r) => r.source))).toEqual(new Set(['api']));
    const bad = await list('&source=cli');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.param).toContain('source');
  });

  it('should show what the gateway refuses in the console envelope: an unknown model, a bad body, an empty balance', async () => {
    const unknown = await post(developer, { model: 'nope/none', messages: [{ role: 'user', content: 'hi' }] });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'model_not_found', param: 'model' } });
    const bad = await post(developer, { model: 'test/pricey', messages: [] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { param: string } }).error.param).toContain('messages');
    // Admission refuses once the balance is used up (each of these costs about 3 of the 5 USD granted).
    let tooMuch = await post(developer, { model: 'test/pricey', messages: [{ role: 'user', content: 'hello '.repeat(3000) }], max_tokens: 5 });
    for (let i = 0; i < 4 && tooMuch.status === 200; i++) {
      tooMuch = await post(developer, { model: 'test/pricey', messages: [{ role: 'user', content: 'hello '.repeat(3000) }], max_tokens: 5 });
    }
    expect(tooMuch.status).toBe(402);
    expect(await tooMuch.json()).toMatchObject({ error: { code: 'insufficient_balance' } });
  });
});
