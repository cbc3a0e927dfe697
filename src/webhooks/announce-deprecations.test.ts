import { afterAll, beforeAll, expect, it } from 'vitest';
import { rollUpSettledUsage } from '../billing/usage-rollups.js';
import { insertModelAlias, setOrgAllowedModels } from '../catalog/model-access-repository.js';
import { parseCatalogue } from '../config/load-catalogue.js';
import { createTestOrg } from '../testing/console-fixture.js';
import { readDemoCatalogue } from '../testing/demo-catalogue.js';
import { describeEachDialect } from '../testing/dialects.js';
import { startTestGateway } from '../testing/start-test-gateway.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';
import { announceDeprecations } from './announce-deprecations.js';
import { insertWebhookEndpoint } from './endpoint-repository.js';
import { generateWebhookSecret } from './webhook-secret.js';

// The demo catalogue deprecates openai/gpt-3.5-turbo (sunset 2027-06-30, replacement openai/gpt-4o-mini).
const DEPRECATED = 'openai/gpt-3.5-turbo';
const HOUR = 3_600_000;

describeEachDialect('model deprecation announcements', (ctx) => {
  let receiver: WebhookReceiver;
  const db = () => ctx.store().db;
  const catalogue = () => parseCatalogue(readDemoCatalogue(), 'demo.yaml', {});

  async function orgWithEndpoint(): Promise<{ orgId: string; projectId: string }> {
    const { org, project } = await createTestOrg(db());
    await insertWebhookEndpoint(db(), { orgId: org.id, url: receiver.url, description: '', eventTypes: ['model.deprecated'], enabled: true, secret: generateWebhookSecret(), now: Date.now() });
    return { orgId: org.id, projectId: project.id };
  }
  async function usedAt(orgId: string, projectId: string, model: string, hour: number): Promise<void> {
    // Through settlement's own rollup writer, which fills every rollup table.
    await rollUpSettledUsage(db(), [{
      org_id: orgId, project_id: projectId, key_id: 'key_x', model, created_at: hour, input_tokens: 1, output_tokens: 1, cached_tokens: 0, reasoning_tokens: 0, end_user: 'someone', user_id: null, tags: null, cost: '1',
    }]);
  }
  const announced = (orgId: string) => db().selectFrom('webhook_events').select(['type', 'payload', 'dedupe_key']).where('org_id', '=', orgId).where('type', '=', 'model.deprecated').execute();

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('should tell each affected organization once across loads, and nobody else', async () => {
    const now = Date.now();
    const byUsage = await orgWithEndpoint();
    await usedAt(byUsage.orgId, byUsage.projectId, DEPRECATED, now - 3 * 24 * HOUR);
    const byAllowed = await orgWithEndpoint();
    await setOrgAllowedModels(db(), byAllowed.orgId, ['openai/gpt-4o-mini', DEPRECATED]);
    const byAlias = await orgWithEndpoint();
    await insertModelAlias(db(), { orgId: byAlias.orgId, projectId: byAlias.projectId, name: 'cheap', target: 'gpt-3.5-turbo@effort:low' });
    const usedLongAgo = await orgWithEndpoint();
    await usedAt(usedLongAgo.orgId, usedLongAgo.projectId, DEPRECATED, now - 40 * 24 * HOUR);
    const usesOthers = await orgWithEndpoint();
    await usedAt(usesOthers.orgId, usesOthers.projectId, 'openai/gpt-4o-mini', now - HOUR);

    const first = await announceDeprecations(db(), catalogue(), now);
    const second = await announceDeprecations(db(), catalogue(), now + HOUR);
    expect(second).toBe(0);
    expect(first).toBeGreaterThanOrEqual(3);
    for (const [org, reason] of [[byUsage, 'usage'], [byAllowed, 'allowed_models'], [byAlias, 'alias']] as const) {
      const events = await announced(org.orgId);
      expect(events).toHaveLength(1);
      expect(events[0]!.dedupe_key).toBe(`model.deprecated:${org.orgId}:${DEPRECATED}:2027-06-30`);
      expect(JSON.parse(events[0]!.payload)).toMatchObject({
        type: 'model.deprecated',
        data: { model: DEPRECATED, sunset_at: '2027-06-30T00:00:00.000Z', announced_at: '2025-09-01T00:00:00.000Z', replacement: 'openai/gpt-4o-mini', reasons: [reason] },
      });
    }
    expect(await announced(usedLongAgo.orgId)).toEqual([]);
    expect(await announced(usesOthers.orgId)).toEqual([]);
  });

  it('should announce on start and SIGHUP reload of a running gateway without repeating after a restart', async () => {
    const start = () => startTestGateway({ catalogue: readDemoCatalogue(), databaseUrl: ctx.url(), serverEnv: { TF_WEBHOOK_POLL_MS: '20', TF_WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    let gateway = await start();
    try {
      await insertWebhookEndpoint(db(), { orgId: gateway.orgId, url: receiver.url, description: '', eventTypes: ['model.deprecated'], enabled: true, secret: generateWebhookSecret(), now: Date.now() });
      await setOrgAllowedModels(db(), gateway.orgId, [DEPRECATED]);
      const orgId = gateway.orgId;
      gateway.gateway.reloadCatalogue();
      gateway.gateway.reloadCatalogue();
      const ids = async () => (await db().selectFrom('webhook_events').select('id').where('org_id', '=', orgId).where('type', '=', 'model.deprecated').execute()).map((e) => e.id);
      const mine = () => receiver.received.filter((r) => eventIds.includes(String(r.headers['webhook-id'])));
      let eventIds: string[] = [];
      const deadline = Date.now() + 5_000;
      while (mine().length === 0 && Date.now() < deadline) {
        eventIds = await ids();
        await new Promise((r) => setTimeout(r, 20));
      }
      await gateway.close();
      gateway = await start();
      gateway.gateway.reloadCatalogue();
      await new Promise((r) => setTimeout(r, 300));
      eventIds = await ids();
      expect(eventIds).toHaveLength(1);
      expect(mine()).toHaveLength(1);
    } finally {
      await gateway.close();
    }
  });
});
