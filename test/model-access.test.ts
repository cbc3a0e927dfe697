import OpenAI from 'openai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../src/testing/dialects.js';
import { readDemoCatalogue } from '../src/testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

describeEachDialect('aliases and allowed models', (ctx) => {
  let gw: TestGateway;
  let client: OpenAI;
  let otherKey: string;

  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: readDemoCatalogue(), databaseUrl: ctx.url() });
    client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
    const other = await gw.admin(['project', 'create', '--org', gw.orgId, '--name', 'other']);
    otherKey = String((await gw.admin(['key', 'create', '--project', String(other.id)])).secret);
    await gw.admin(['alias', 'create', '--org', gw.orgId, '--name', 'smart', '--target', 'openai/gpt-4o']);
    await gw.admin(['alias', 'create', '--org', gw.orgId, '--project', gw.projectId, '--name', 'smart', '--target', 'openai/gpt-4o-mini@temperature:0.1']);
    await gw.admin(['alias', 'create', '--org', gw.orgId, '--name', 'old-smart', '--target', 'openai/gpt-4o@2024-08-06']);
    await gw.gateway.refreshCaches();
  });
  afterAll(async () => gw?.close());

  it('should let a project alias win over the organization alias, and say which alias served', async () => {
    const { data, response } = await client.chat.completions.create({ model: 'smart', messages: [{ role: 'user', content: 'x' }] }).withResponse();
    expect(response.headers.get('x-tf-model-alias')).toBe('@smart');
    expect(data.model).toBe('openai/gpt-4o-mini');
    expect(response.headers.get('x-tf-upstream-model')).toBe('gpt-4o-mini-2024-07-18');
    const other = new OpenAI({ baseURL: gw.baseURL, apiKey: otherKey, maxRetries: 0 });
    const viaOrg = await other.chat.completions.create({ model: 'smart', messages: [{ role: 'user', content: 'x' }] });
    expect(viaOrg.model).toBe('openai/gpt-4o');
  });

  it('should follow an alias to a pinned version and accept the @ form', async () => {
    const res = await client.chat.completions.create({ model: '@old-smart', messages: [{ role: 'user', content: 'x' }] });
    expect(res.model).toBe('openai/gpt-4o@2024-08-06');
  });

  it('should list the aliases a key can use beside the model ids', async () => {
    const ids = (await client.models.list()).data.map((m) => m.id);
    expect(ids).toContain('openai/gpt-4o');
    expect(ids).toContain('smart');
    expect(ids).toContain('old-smart');
    const smart = (await client.models.list()).data.find((m) => m.id === 'smart') as unknown as { alias_for: string };
    expect(smart.alias_for).toBe('openai/gpt-4o-mini@temperature:0.1');
  });

  it("should refuse models outside the organization's allowed list with 403 and hide them from the listing", async () => {
    await gw.admin(['org', 'allowed-models', '--org', gw.orgId, '--models', 'openai/gpt-4o-mini']);
    await gw.gateway.refreshCaches();
    const error = await client.chat.completions.create({ model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((error as InstanceType<typeof OpenAI.PermissionDeniedError>).code).toBe('model_not_allowed');
    expect((error as Error).message).toMatch(/organization/);
    const ids = (await client.models.list()).data.map((m) => m.id);
    expect(ids).toContain('openai/gpt-4o-mini');
    expect(ids).not.toContain('openai/gpt-4o');
    expect(ids).not.toContain('old-smart');
    await gw.admin(['org', 'allowed-models', '--org', gw.orgId, '--models', '']);
    await gw.gateway.refreshCaches();
    const ok = await client.chat.completions.create({ model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'x' }] });
    expect(ok.choices[0]!.message.content).toBeTruthy();
  });
});
