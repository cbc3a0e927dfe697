import { expect, it } from 'vitest';
import { findApiKeyByHash } from '../auth/api-key-repository.js';
import { hashApiKeySecret } from '../auth/api-key-secret.js';
import { getOrgBalance, listLedgerEntries } from '../billing/ledger-repository.js';
import { describeEachDialect } from '../testing/dialects.js';
import { createOrganization } from '../tenancy/organization-repository.js';
import { seedDemo } from './seed-demo.js';

describeEachDialect('seedDemo', (ctx) => {
  it('should create the demo organization, project, key and $10.00 grant once', async () => {
    const { db } = ctx.store();
    // An unrelated organization that happens to be called Demo is not the seeded one.
    await createOrganization(db, { name: 'Demo' });
    const first = await seedDemo(db);
    expect(first.created).toBe(true);
    expect(first.org.name).toBe('Demo');
    expect(first.project).toMatchObject({ name: 'Default', orgId: first.org.id });
    expect(first.key?.secret).toMatch(/^sk-tf-/);
    expect(await findApiKeyByHash(db, hashApiKeySecret(first.key!.secret))).toMatchObject({ id: first.key!.id, name: 'demo', projectId: first.project.id, disabled: false });
    expect(await getOrgBalance(db, first.org.id)).toBe(10_000_000_000n);
    expect((await listLedgerEntries(db, first.org.id)).map((e) => e.kind)).toEqual(['grant']);

    const second = await seedDemo(db);
    expect(second).toEqual({ created: false, org: first.org, project: first.project, creditNano: 10_000_000_000n });
    expect(await getOrgBalance(db, first.org.id)).toBe(10_000_000_000n);
  });
});
