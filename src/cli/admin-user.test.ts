import { parseArgs } from 'node:util';
import { expect, it } from 'vitest';
import { verifyPassword } from '../auth/password.js';
import { findUserByEmail } from '../auth/user-repository.js';
import { findOrgRole } from '../auth/membership-repository.js';
import { createOrganization } from '../tenancy/organization-repository.js';
import { describeEachDialect } from '../testing/dialects.js';
import { adminUserCreateCommand } from './admin-user.js';

function values(args: string[]): Record<string, string | boolean | undefined> {
  // The admin runner parses flags the same way (every flag of this command is a single string).
  return parseArgs({ args, options: adminUserCreateCommand.options, strict: true }).values as Record<string, string | boolean | undefined>;
}

describeEachDialect('admin user create', (ctx) => {
  it('should create a person with a hashed password and a personal organization', async () => {
    const out = await adminUserCreateCommand.run(ctx.store().db, values(['--email', 'Op@Example.test', '--password', 'a long password']));
    expect(out).toMatchObject({ email: 'op@example.test', name: 'op', role: 'owner', orgId: expect.stringMatching(/^org_/) });
    const user = await findUserByEmail(ctx.store().db, 'op@example.test');
    expect(await verifyPassword('a long password', user!.passwordHash!)).toBe(true);
    expect(await findOrgRole(ctx.store().db, String(out.orgId), user!.id)).toBe('owner');
  });

  it('should add the person to an existing organization with a role, and refuse bad input', async () => {
    const org = await createOrganization(ctx.store().db, { name: 'Acme' });
    const out = await adminUserCreateCommand.run(ctx.store().db, values(['--email', 'dev@example.test', '--password', 'a long password', '--org', org.id, '--role', 'developer']));
    expect(out).toMatchObject({ orgId: org.id, role: 'developer' });
    await expect(adminUserCreateCommand.run(ctx.store().db, values(['--email', 'dev@example.test', '--password', 'a long password']))).rejects.toThrow(/exists/);
    await expect(adminUserCreateCommand.run(ctx.store().db, values(['--email', 'x@example.test', '--password', 'short']))).rejects.toThrow(/10 to 256/);
    await expect(adminUserCreateCommand.run(ctx.store().db, values(['--email', 'x@example.test', '--password', 'a long password', '--org', org.id, '--role', 'king']))).rejects.toThrow(/--role/);
  });
});
