import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../testing/dialects.js';
import { createOrganization } from '../tenancy/organization-repository.js';
import { createProject, type ProjectRow } from '../tenancy/project-repository.js';
import { findApiKeyByHash, insertApiKey, listApiKeysByProject, listApiKeysChangedSince, updateApiKey } from './api-key-repository.js';
import { generateApiKeySecret } from './api-key-secret.js';

describeEachDialect('api-key-repository', (ctx) => {
  let project: ProjectRow;
  beforeAll(async () => {
    const { db } = ctx.store();
    const org = await createOrganization(db, { name: 'Keys' });
    project = await createProject(db, { orgId: org.id, name: 'p' });
  });

  const insert = (now: number, extra: { expiresAt?: number; allowedModels?: string[] } = {}) => {
    const secret = generateApiKeySecret();
    return insertApiKey(ctx.store().db, { orgId: project.orgId, projectId: project.id, name: 'k', prefix: secret.prefix, hash: secret.hash, now, ...extra });
  };

  it('should find an inserted key by hash with every field', async () => {
    const key = await insert(1_700_000_000_000, { expiresAt: 1_900_000_000_000, allowedModels: ['acme/chat-1', 'acme/embed'] });
    const found = await findApiKeyByHash(ctx.store().db, key.hash);
    expect(found).toEqual({
      id: key.id,
      orgId: project.orgId,
      projectId: project.id,
      name: 'k',
      prefix: key.prefix,
      hash: key.hash,
      disabled: false,
      expiresAt: 1_900_000_000_000,
      allowedModels: ['acme/chat-1', 'acme/embed'],
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000_000,
    });
    expect(key.id).toMatch(/^key_/);
  });

  it('should return null for an unknown hash', async () => {
    expect(await findApiKeyByHash(ctx.store().db, 'f'.repeat(64))).toBeNull();
  });

  it('should refuse a duplicate secret hash', async () => {
    const key = await insert(1);
    const again = insertApiKey(ctx.store().db, { orgId: project.orgId, projectId: project.id, name: 'dup', prefix: key.prefix, hash: key.hash });
    await expect(again).rejects.toThrow(/unique|duplicate/i);
  });

  it('should list keys changed at or after a time, including updates', async () => {
    const { db } = ctx.store();
    const old = await insert(2_000_000_000_000);
    const fresh = await insert(2_000_000_005_000);
    let changed = await listApiKeysChangedSince(db, 2_000_000_005_000);
    expect(changed.map((k) => k.id)).toEqual([fresh.id]);
    const updated = await updateApiKey(db, old.id, { disabled: true, name: 'renamed', allowedModels: null }, 2_000_000_009_000);
    expect(updated).toMatchObject({ id: old.id, disabled: true, name: 'renamed', allowedModels: null, updatedAt: 2_000_000_009_000 });
    changed = await listApiKeysChangedSince(db, 2_000_000_006_000);
    expect(changed.map((k) => [k.id, k.disabled])).toEqual([[old.id, true]]);
  });

  it('should return null when updating a missing key', async () => {
    expect(await updateApiKey(ctx.store().db, 'key_missing', { disabled: true })).toBeNull();
  });

  it('should list a project keys oldest first', async () => {
    const keys = await listApiKeysByProject(ctx.store().db, project.id);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(keys.map((k) => k.createdAt)).toEqual([...keys.map((k) => k.createdAt)].sort((a, b) => a - b));
  });
});
