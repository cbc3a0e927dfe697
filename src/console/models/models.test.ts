import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_CATALOGUE_PATH } from '../../config/demo-catalogue.js';
import { loadCatalogue } from '../../config/load-catalogue.js';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

describeEachDialect('console models', (ctx) => {
  let app: FastifyInstance;
  let owner: TestPerson;
  let viewer: TestPerson;
  let stranger: TestPerson;
  let orgId: string;
  const db = () => ctx.store().db;
  const catalogue = loadCatalogue(DEMO_CATALOGUE_PATH, {});

  beforeAll(async () => {
    // A fixed clock after gpt-3.5-turbo's deprecation notice and before its sunset.
    app = await buildConsoleApp(db(), { catalogue: () => catalogue, modelIds: () => new Set(catalogue.models.keys()), now: () => Date.parse('2026-11-23T12:00:00Z') });
    orgId = (await createTestOrg(db())).org.id;
    owner = await createTestPerson(db(), 'owner');
    viewer = await createTestPerson(db(), 'viewer');
    stranger = await createTestPerson(db(), 'stranger');
    await addTestMember(db(), orgId, owner.user.id, 'owner');
    await addTestMember(db(), orgId, viewer.user.id, 'viewer');
  });
  afterAll(async () => {
    await app.close();
  });

  it('should list every catalogue model with limits, catalogue prices, capabilities, status and versions', async () => {
    const res = await call(app, 'GET', `/api/orgs/${orgId}/models`, { auth: viewer.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.next_cursor).toBeNull();
    expect(body.data.map((m: { id: string }) => m.id)).toEqual([...catalogue.models.keys()].sort());
    const gpt4o = body.data.find((m: { id: string }) => m.id === 'openai/gpt-4o');
    expect(gpt4o).toEqual({
      id: 'openai/gpt-4o', name: 'GPT-4o', author: 'openai', kind: 'chat', aliases: ['gpt-4o'], context_length: 128000, max_output_tokens: 16384,
      default_max_output_tokens: 4096, pricing: { input: '2.50', output: '10.00', cached_input: '1.25' },
      capabilities: { tools: true, json_object: true, json_schema: true, vision: true, streaming: true, reasoning: false },
      status: 'active', health: 'serving', lifecycle: null,
      versions: expect.arrayContaining([{ version: '2024-11-20', default: true }, { version: '2024-08-06', default: false }]),
      default_version: '2024-11-20', allowed: true,
    });
    const sonnet = body.data.find((m: { id: string }) => m.id === 'anthropic/claude-sonnet-4');
    expect(sonnet.pricing).toEqual({ input: '3.00', output: '15.00', cached_input: '0.30', cache_write: '3.75' });
    const old = body.data.find((m: { id: string }) => m.id === 'openai/gpt-3.5-turbo');
    expect(old).toMatchObject({
      status: 'deprecated',
      lifecycle: { announced_at: '2025-09-01T00:00:00.000Z', sunset_at: '2027-06-30T00:00:00.000Z', notice_url: 'https://platform.openai.com/docs/deprecations', replacement: 'openai/gpt-4o-mini' },
    });
  });

  it("should mark only the organization's allowed models once the setting is not empty", async () => {
    const set = await call(app, 'PUT', `/api/orgs/${orgId}/allowed-models`, { auth: owner.auth, body: { models: ['openai/gpt-4o-mini'] } });
    expect(set.statusCode).toBe(200);
    const data: { id: string; allowed: boolean }[] = (await call(app, 'GET', `/api/orgs/${orgId}/models`, { auth: viewer.auth })).json().data;
    expect(data.filter((m) => m.allowed).map((m) => m.id)).toEqual(['openai/gpt-4o-mini']);
    expect(data.length).toBe(catalogue.models.size);
    await call(app, 'PUT', `/api/orgs/${orgId}/allowed-models`, { auth: owner.auth, body: { models: [] } });
  });

  it('should answer 404 to a person outside the organization and 401 without credentials', async () => {
    expect((await call(app, 'GET', `/api/orgs/${orgId}/models`, { auth: stranger.auth })).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/orgs/${orgId}/models`)).statusCode).toBe(401);
  });
});
