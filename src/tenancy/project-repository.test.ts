import { expect, it } from 'vitest';
import { describeEachDialect } from '../testing/dialects.js';
import { createOrganization } from './organization-repository.js';
import { createProject, getProject, listProjects } from './project-repository.js';

describeEachDialect('project-repository', (ctx) => {
  it('should create projects in an organization and list them oldest first', async () => {
    const { db } = ctx.store();
    const org = await createOrganization(db, { name: 'Acme' });
    const first = await createProject(db, { orgId: org.id, name: 'One', now: 10 });
    const second = await createProject(db, { orgId: org.id, name: 'Two', now: 20 });
    expect(first).toEqual({ id: expect.stringMatching(/^proj_/) as unknown, orgId: org.id, name: 'One', createdAt: 10 });
    expect(await getProject(db, second.id)).toEqual(second);
    expect(await listProjects(db, org.id)).toEqual([first, second]);
  });

  it('should refuse a project of a missing organization', async () => {
    await expect(createProject(ctx.store().db, { orgId: 'org_missing', name: 'x' })).rejects.toThrow(/foreign key/i);
  });
});
