import { abilitiesOf, resolveOrgAccess, projectAccessFrom, type Actor } from '../../auth/authorize.js';
import { organizationPolicy } from '../../auth/policies/organization.js';
import { projectPolicy } from '../../auth/policies/project.js';
import { isProjectRole } from '../../auth/permissions.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/password.js';
import { createSession, deleteSession } from '../../auth/session-repository.js';
import { findUserByEmail, getUser, insertUser, normalizeEmail, type UserRow } from '../../auth/user-repository.js';
import { GatewayError } from '../../core/errors.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { listUserOrgs, listUserProjectRoles } from '../../auth/membership-repository.js';
import { getOrgSettings } from '../../tenancy/org-settings-repository.js';
import { getOrganization, listOrganizations } from '../../tenancy/organization-repository.js';
import { listProjects } from '../../tenancy/project-repository.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { createOrganizationWithOwner } from '../organizations/service.js';
import { presentAuth, presentUser } from './presenter.js';
import type { MeView } from './schema.js';

/** A new session: the person and the cookie secret. */
export interface OpenedSession {
  /** The person signed in. */
  readonly user: UserRow;
  /** Cookie secret (shown to the browser once). */
  readonly secret: string;
}

/** Sign up: create the person, their personal organization (owner) with a default project, and a session. */
export async function signUp(ctx: ConsoleContext, change: ChangeContext, input: { readonly email: string; readonly password: string; readonly name: string }): Promise<OpenedSession> {
  if (!ctx.allowSignUp) throw new GatewayError('CONSOLE_FORBIDDEN', 'Sign-up is disabled on this gateway; ask an administrator for an invite.');
  if ((await findUserByEmail(ctx.db, input.email)) !== null) {
    throw new GatewayError('CONSOLE_CONFLICT', 'An account with this email exists; sign in instead.', { param: 'email' });
  }
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertUser(trx, { email: input.email, name: input.name, passwordHash, now: change.now });
    const org = await createOrganizationWithOwner(trx, { name: `${input.name}'s organization`, ownerId: created.id, personal: true, now: change.now });
    await writeAudit(trx, change, { orgId: org.id, action: 'user.sign_up', targetType: 'user', targetId: created.id, before: null, after: presentUser(created) }, created.id);
    return created;
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new GatewayError('CONSOLE_CONFLICT', 'An account with this email exists; sign in instead.', { param: 'email' });
    throw error;
  });
  return openSession(ctx, change, user);
}

/** Sign in with email and password; throttled per email and client address. */
export async function signIn(ctx: ConsoleContext, change: ChangeContext, input: { readonly email: string; readonly password: string }): Promise<OpenedSession> {
  return openSession(ctx, change, await verifyCredentials(ctx, change, input.email, input.password));
}

/**
 * Prove that the caller is the person with this email: their password, throttled per email and
 * client address like sign-in (every route that signs a person in goes through here).
 */
export async function verifyCredentials(ctx: ConsoleContext, change: ChangeContext, emailInput: string, password: string): Promise<UserRow> {
  const email = normalizeEmail(emailInput);
  const ip = change.ip ?? '';
  const wait = ctx.throttle.retryAfterSeconds(email, ip);
  if (wait > 0) throw new GatewayError('CONSOLE_TOO_MANY_ATTEMPTS', `Too many failed sign-ins; try again in ${wait} s.`, { retryAfterSeconds: wait });
  const user = await findUserByEmail(ctx.db, email);
  // Always run scrypt, so an unknown email takes as long as a wrong password.
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (user === null || user.passwordHash === null || !ok) {
    ctx.throttle.recordFailure(email, ip);
    throw new GatewayError('CONSOLE_INVALID_CREDENTIALS', 'The email or password is wrong.');
  }
  ctx.throttle.recordSuccess(email, ip);
  return user;
}

/** Open a session for a person. */
export async function openSession(ctx: ConsoleContext, change: ChangeContext, user: UserRow): Promise<OpenedSession> {
  const { secret } = await createSession(ctx.db, { userId: user.id, ip: change.ip, userAgent: change.userAgent, now: change.now, ttlMs: ctx.sessionTtlMs });
  return { user, secret };
}

/** Sign out: end the session server-side (a token caller has no session to end). */
export async function signOut(ctx: ConsoleContext, actor: Extract<Actor, { kind: 'user' }>): Promise<void> {
  if (actor.sessionId !== null) await deleteSession(ctx.db, actor.sessionId);
}

/** The caller, their organizations and roles, and the projects they can reach. */
export async function getMe(ctx: ConsoleContext, actor: Actor): Promise<MeView> {
  const user = actor.kind === 'user' ? await getUser(ctx.db, actor.userId) : null;
  if (actor.kind === 'user' && user === null) throw new GatewayError('CONSOLE_UNAUTHENTICATED', 'The account no longer exists.');
  const orgIds = actor.kind === 'operator' ? (await listOrganizations(ctx.db, { limit: 1000 })).map((o) => o.id) : (await listUserOrgs(ctx.db, actor.userId)).map((o) => o.orgId);
  const organizations: MeView['organizations'] = [];
  const projects: MeView['projects'] = [];
  for (const orgId of orgIds) {
    const access = await resolveOrgAccess(ctx.db, actor, orgId);
    if (access === null) continue;
    const settings = await getOrgSettings(ctx.db, orgId);
    const org = (await getOrganization(ctx.db, orgId))!;
    organizations.push({ id: orgId, name: org.name, role: access.role, personal: settings.personal, abilities: abilitiesOf(organizationPolicy, access.permissions) });
    const roles = actor.kind === 'user' ? await listUserProjectRoles(ctx.db, actor.userId, orgId) : new Map<string, string>();
    for (const project of await listProjects(ctx.db, orgId)) {
      const stored = roles.get(project.id);
      const role = stored !== undefined && isProjectRole(stored) ? stored : null;
      const projectAccess = projectAccessFrom(access, project, role);
      if (projectAccess !== null) projects.push({ id: project.id, org_id: orgId, name: project.name, role, abilities: abilitiesOf(projectPolicy, projectAccess.permissions) });
    }
  }
  return { user: user === null ? null : presentUser(user), auth: presentAuth(actor), organizations, projects };
}
