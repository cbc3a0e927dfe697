import { describe, expect, it } from 'vitest';
import { generateApiKeySecret } from '../../auth/api-key-secret.js';
import { KeyCache, type CachedKey } from '../../auth/key-cache.js';
import { KeyUsageSnapshots } from '../../billing/key-usage-snapshots.js';
import { GatewayError } from '../../core/errors.js';
import { NO_PROJECT_LIMITS } from '../../limits/limit-settings-repository.js';
import { MemoryLimitStore } from '../../limits/memory-limit-store.js';
import { KeySelfCheck } from './key-self-check.js';

function setup(findByHash: (hash: string) => Promise<CachedKey | null>, read = async () => ({ settledNano: 0n, latestSettledAt: null, unsettledRecords: 0 })) {
  const now = () => Date.UTC(2026, 10, 21, 12);
  const keys = new KeyCache({ source: { findByHash, listChangedSince: async () => [] }, refreshMs: 1000, negativeTtlMs: 1000, now, onError: () => undefined });
  return new KeySelfCheck({
    keys,
    snapshots: new KeyUsageSnapshots({ read, now }),
    store: new MemoryLimitStore(),
    projectLimits: async () => NO_PROJECT_LIMITS,
    keyBudget: async () => null,
    rpm: 2,
    now,
  });
}

describe('KeySelfCheck', () => {
  it('should answer 503 with retry-after when the key cannot be looked up', async () => {
    const check = setup(async () => {
      throw new Error('database down');
    });
    const error = await check.check({ authorization: `Bearer ${generateApiKeySecret().secret}` }, '1.2.3.4').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(503);
    expect((error as GatewayError).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('should give null statistics, not an error, when usage cannot be read and no snapshot exists', async () => {
    const secret = generateApiKeySecret();
    const key: CachedKey = { id: 'key_1', orgId: 'org_1', projectId: 'proj_1', name: 'k', prefix: secret.prefix, hash: secret.hash, disabled: false, expiresAt: null, allowedModels: null, updatedAt: 0 };
    const check = setup(async () => key, async () => {
      throw new Error('database down');
    });
    const body = await check.check({ authorization: `Bearer ${secret.secret}` }, '1.2.3.4');
    expect(body).toMatchObject({ usage: null, as_of: null, snapshot_id: null, unsettled_records: null, latest_settled_usage_at: null });
  });

  it('should apply its own per-address limit before looking at the key', async () => {
    const check = setup(async () => null);
    for (let i = 0; i < 2; i++) await check.check({ authorization: 'Bearer sk-tf-x' }, '9.9.9.9').catch(() => undefined);
    const error = await check.check({ authorization: 'Bearer sk-tf-x' }, '9.9.9.9').catch((e: unknown) => e);
    expect((error as GatewayError).status).toBe(429);
    expect((error as GatewayError).wireCode).toBe('rate_limit_exceeded');
  });
});
