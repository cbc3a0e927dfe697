import { expect, it } from 'vitest';
import { createUsage } from '../protocol/ir/usage.js';
import { describeEachDialect } from '../testing/dialects.js';
import type { RequestLogEntry } from './request-log-entry.js';
import { getRequestLogRow, insertRequestLogRows, listRequestLogRows } from './request-log-repository.js';

function entry(id: string, overrides: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return {
    id,
    orgId: 'org_a',
    projectId: 'proj_a',
    keyId: 'key_a',
    endpoint: 'chat.completions',
    modelRequested: 'chat-1',
    modelResolved: 'acme/chat-1@2025-01-01',
    providerId: 'sim',
    stream: true,
    status: 200,
    errorCode: null,
    latencyMs: 120,
    ttftMs: 15,
    usage: createUsage(100, 20, { cacheRead: 40, reasoning: 5 }),
    costNano: 9_223_372_036_854_775_000n,
    createdAt: 1_700_000_000_000,
    ignoredParams: ['logit_bias', 'frobnicate'],
    user: 'end-user-7',
    tags: { team: 'search, "core"', env: 'prod' },
    holdNano: 9_223_372_036_854_775_001n,
    attempts: [
      { model: 'acme/chat-1', deployment: 'sim/chat-1', provider: 'sim', status: 503, error: 'upstream_unavailable', latencyMs: 4 },
      { model: 'acme/chat-1', deployment: 'sim/chat-1', provider: 'sim', status: 200, error: null, latencyMs: 9 },
    ],
    ...overrides,
  };
}

describeEachDialect('request-log-repository', (ctx) => {
  it('should store and read back every field', async () => {
    await insertRequestLogRows(ctx.store().db, [entry('req_full')]);
    expect(await getRequestLogRow(ctx.store().db, 'req_full')).toEqual({
      id: 'req_full',
      orgId: 'org_a',
      projectId: 'proj_a',
      keyId: 'key_a',
      endpoint: 'chat.completions',
      modelRequested: 'chat-1',
      modelResolved: 'acme/chat-1@2025-01-01',
      providerId: 'sim',
      stream: true,
      status: 200,
      errorCode: null,
      latencyMs: 120,
      ttftMs: 15,
      inputTokens: 100,
      outputTokens: 20,
      cachedTokens: 40,
      reasoningTokens: 5,
      usageSource: 'reported',
      costNano: 9_223_372_036_854_775_000n,
      createdAt: 1_700_000_000_000,
      ignoredParams: ['logit_bias', 'frobnicate'],
      user: 'end-user-7',
      tags: { team: 'search, "core"', env: 'prod' },
      holdNano: 9_223_372_036_854_775_001n,
      upstreamWaitMs: 0,
      source: 'api',
      userId: null,
      attempts: [
        { model: 'acme/chat-1', deployment: 'sim/chat-1', provider: 'sim', status: 503, error: 'upstream_unavailable', latencyMs: 4 },
        { model: 'acme/chat-1', deployment: 'sim/chat-1', provider: 'sim', status: 200, error: null, latencyMs: 9 },
      ],
    });
  });

  it('should store a playground request with no key, its source and the person', async () => {
    await insertRequestLogRows(ctx.store().db, [entry('req_play', { keyId: null, source: 'playground', userId: 'usr_7' })]);
    expect(await getRequestLogRow(ctx.store().db, 'req_play')).toMatchObject({ keyId: null, source: 'playground', userId: 'usr_7' });
  });

  it('should store an unauthenticated failure without usage', async () => {
    const failed = entry('req_401', { orgId: null, projectId: null, keyId: null, modelRequested: null, modelResolved: null, providerId: null, stream: false, status: 401, errorCode: 'invalid_api_key', ttftMs: null, usage: null, costNano: 0n, holdNano: null, attempts: undefined });
    await insertRequestLogRows(ctx.store().db, [failed]);
    expect(await getRequestLogRow(ctx.store().db, 'req_401')).toMatchObject({ orgId: null, stream: false, status: 401, errorCode: 'invalid_api_key', inputTokens: 0, usageSource: 'none', costNano: 0n, ttftMs: null, holdNano: null, attempts: null });
  });

  it('should skip ids already stored, so a retried batch writes nothing twice', async () => {
    const { db } = ctx.store();
    const batch = [entry('req_b1', { orgId: 'org_b', createdAt: 1 }), entry('req_b2', { orgId: 'org_b', createdAt: 2 })];
    await insertRequestLogRows(db, batch);
    await insertRequestLogRows(db, [...batch, entry('req_b3', { orgId: 'org_b', createdAt: 3, status: 500 }), entry('req_b1', { orgId: 'org_b', status: 599 })]);
    const rows = await listRequestLogRows(db, { orgId: 'org_b', limit: 10 });
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ['req_b3', 500],
      ['req_b2', 200],
      ['req_b1', 200],
    ]);
  });

  it('should write a batch larger than one statement', async () => {
    const { db } = ctx.store();
    const many = Array.from({ length: 1_201 }, (_, i) => entry(`req_m${String(i).padStart(5, '0')}`, { orgId: 'org_many', createdAt: i }));
    await insertRequestLogRows(db, many);
    const rows = await listRequestLogRows(db, { orgId: 'org_many', limit: 5_000 });
    expect(rows).toHaveLength(1_201);
    expect(rows[0]!.id).toBe('req_m01200');
  });

  it('should list all organizations newest first up to the limit', async () => {
    const rows = await listRequestLogRows(ctx.store().db, { limit: 2 });
    expect(rows).toHaveLength(2);
    expect(rows[0]!.createdAt).toBeGreaterThanOrEqual(rows[1]!.createdAt);
  });
});
