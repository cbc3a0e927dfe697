import { expect, it } from 'vitest';
import { describeEachDialect } from '../testing/dialects.js';
import { createOrganization, findOrganizationsByName, getOrganization, listOrganizations } from './organization-repository.js';

describeEachDialect('organization-repository', (ctx) => {
  it('should create and read back an organization', async () => {
    const { db } = ctx.store();
    const org = await createOrganization(db, { name: 'Acme', now: 1_700_000_000_000 });
    expect(org).toEqual({ id: expect.stringMatching(/^org_[0-9a-z]{26}$/) as unknown, name: 'Acme', createdAt: 1_700_000_000_000 });
    expect(await getOrganization(db, org.id)).toEqual(org);
    expect(await getOrganization(db, 'org_missing')).toBeNull();
  });

  it('should find by exact name and list oldest first', async () => {
    const { db } = ctx.store();
    const a = await createOrganization(db, { name: 'Twin', now: 1 });
    const b = await createOrganization(db, { name: 'Twin', now: 2 });
    expect((await findOrganizationsByName(db, 'Twin')).map((o) => o.id)).toEqual([a.id, b.id]);
    expect(await findOrganizationsByName(db, 'twin')).toEqual([]);
    const all = await listOrganizations(db, { limit: 2 });
    expect(all.map((o) => o.id)).toEqual([a.id, b.id]);
  });
});
