import { isOrgRole } from '../auth/permissions.js';
import { hashPassword } from '../auth/password.js';
import { insertOrgMembership } from '../auth/membership-repository.js';
import { findUserByEmail, insertUser, normalizeEmail } from '../auth/user-repository.js';
import { writeAudit, type ChangeContext } from '../console/audit-log/write-audit.js';
import { createOrganizationWithOwner } from '../console/organizations/service.js';
import { emailSchema, newPasswordSchema } from '../console/sessions/schema.js';
import { getOrganization } from '../tenancy/organization-repository.js';
import { AdminCommandError, type AdminCommand, type Values } from './admin-command.js';

function text(values: Values, flag: string): string | undefined {
  const value = values[flag];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * `tf-gateway admin user create --email E --password P [--name N] [--org ORG_ID [--role ROLE]]`:
 * create a console user. With `--org` the person joins that organization (default role owner);
 * without it they get a personal organization, as at sign-up. Prints one JSON object.
 */
export const adminUserCreateCommand: AdminCommand = {
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, org: { type: 'string' }, role: { type: 'string' } },
  help:
    'Usage: tf-gateway admin user create --email EMAIL --password PASSWORD [--name NAME] [--org ORG_ID [--role ROLE]]\n\n' +
    'Create a console user who signs in with EMAIL and PASSWORD (at least 10 characters).\n' +
    '--org adds them to an organization with --role (owner, admin, billing_admin, developer, viewer, auditor; default owner);\n' +
    'without --org they get a personal organization. Prints {"id","email","name","orgId","role","createdAt"}.',
  run: async (db, values: Values) => {
    const email = emailSchema.transform(normalizeEmail).safeParse(text(values, 'email') ?? '');
    if (!email.success) throw new AdminCommandError('--email must be an email address.', 2);
    const password = newPasswordSchema.safeParse(typeof values.password === 'string' ? values.password : '');
    if (!password.success) throw new AdminCommandError('--password must be 10 to 256 characters.', 2);
    const role = text(values, 'role') ?? 'owner';
    if (!isOrgRole(role)) throw new AdminCommandError(`--role must be one of owner, admin, billing_admin, developer, viewer, auditor; got '${role}'.`, 2);
    const orgId = text(values, 'org');
    if (orgId !== undefined && (await getOrganization(db, orgId)) === null) throw new AdminCommandError(`Organization '${orgId}' does not exist.`);
    if ((await findUserByEmail(db, email.data)) !== null) throw new AdminCommandError(`A user with email '${email.data}' exists.`);
    const name = text(values, 'name') ?? email.data.split('@')[0]!;
    const passwordHash = await hashPassword(password.data);
    const now = Date.now();
    const change: ChangeContext = { actor: { kind: 'operator' }, ip: null, userAgent: 'tf-gateway admin user create', now };
    return db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, { email: email.data, name, passwordHash, now });
      const joined = orgId ?? (await createOrganizationWithOwner(trx, { name: `${name}'s organization`, ownerId: user.id, personal: true, now })).id;
      if (orgId !== undefined) await insertOrgMembership(trx, { orgId, userId: user.id, role, now });
      await writeAudit(trx, change, { orgId: joined, action: 'user.create', targetType: 'user', targetId: user.id, before: null, after: { id: user.id, email: user.email, role: orgId === undefined ? 'owner' : role } });
      return { id: user.id, email: user.email, name: user.name, orgId: joined, role: orgId === undefined ? 'owner' : role, createdAt: new Date(now).toISOString() };
    });
  },
};

/** The `user ...` admin commands, to spread into the admin command table. */
export const USER_COMMANDS: Readonly<Record<string, AdminCommand>> = { 'user create': adminUserCreateCommand };
