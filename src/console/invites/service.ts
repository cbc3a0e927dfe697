import type { Kysely, Selectable } from 'kysely';
import { authorizeOrg, type Actor } from '../../auth/authorize.js';
import type { OrgRole } from '../../auth/permissions.js';
import { hashPassword } from '../../auth/password.js';
import { generateSecret, hashSecret } from '../../auth/random-secret.js';
import { findUserByEmail, getUser, insertUser, normalizeEmail, type UserRow } from '../../auth/user-repository.js';
import { GatewayError } from '../../core/errors.js';
import { createId } from '../../core/ids.js';
import type { InvitesTable } from '../../store/console-schema.js';
import { keysetAfter } from '../../store/keyset.js';
import type { Database } from '../../store/schema.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { findOrgRole, insertOrgMembership } from '../../auth/membership-repository.js';
import { getOrganization } from '../../tenancy/organization-repository.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { isoTime } from '../internal/wire.js';
import { newPasswordSchema } from '../sessions/schema.js';
import { verifyCredentials } from '../sessions/service.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { notify } from '../notifications/service.js';
import { presentInvite, type InviteRow } from './presenter.js';

const INVITE_TTL_MS = 7 * 24 * 3_600_000;

/** Invite someone by email: the link is emailed when a mailer is configured, otherwise returned to the inviter once. */
export async function createInvite(ctx: ConsoleContext, change: ChangeContext, orgId: string, input: { readonly email: string; readonly role: OrgRole }) {
  const access = await authorizeOrg(ctx.db, change.actor!, orgId, 'org.members.manage');
  if (input.role === 'owner' && !access.permissions.has('org.owners.manage')) throw new GatewayError('CONSOLE_FORBIDDEN', 'Only an owner can invite an owner.');
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing !== null && (await findOrgRole(ctx.db, orgId, existing.id)) !== null) {
    throw new GatewayError('CONSOLE_CONFLICT', 'This person is already a member.', { param: 'email' });
  }
  const secret = generateSecret('tf_inv_');
  const row: Selectable<InvitesTable> = {
    id: createId('inv', change.now), org_id: orgId, email: normalizeEmail(input.email), role: input.role, secret_hash: secret.hash,
    invited_by: change.actor?.kind === 'user' ? change.actor.userId : null, created_at: change.now, expires_at: change.now + INVITE_TTL_MS, accepted_at: null, revoked_at: null,
  };
  const org = (await getOrganization(ctx.db, orgId))!;
  await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('invites').values(row).execute();
    await writeAudit(trx, change, { orgId, action: 'invite.create', targetType: 'invite', targetId: row.id, before: null, after: { email: row.email, role: row.role } });
    if (existing !== null) await notify(trx, { userId: existing.id, kind: 'org.invited', title: 'Invitation', body: `You were invited to ${org.name} as ${input.role}.`, orgId, now: change.now });
  });
  // The secret travels in the fragment, which browsers never send to servers or put in Referer headers.
  const url = `${ctx.publicUrl}/console/invite#${secret.secret}`;
  // With email delivery the link is the invitee's secret: it goes only to their mailbox, never back
  // to the inviter. Without it the inviter passes the link on; accepting it still needs the invitee's
  // own password (new email) or proof of the existing account, so the link alone signs nobody in.
  if (ctx.sendInviteEmail === null) return { ...presentInvite(toInviteRow(row), change.now), url, emailed: false };
  // A mail failure shows as `emailed: false`; revoke and invite again to retry.
  const emailed = await ctx.sendInviteEmail({ email: row.email, orgName: org.name, url }).then(() => true, () => false);
  return { ...presentInvite(toInviteRow(row), change.now), url: null, emailed };
}

/** Pending and past invites of an organization, newest first. */
export async function listInvites(ctx: ConsoleContext, actor: Actor, orgId: string, query: { readonly limit: number; readonly cursor?: string | undefined }) {
  await authorizeOrg(ctx.db, actor, orgId, 'org.members.manage');
  const page = toPageRequest(query);
  const rows = await ctx.db
    .selectFrom('invites').selectAll().where('org_id', '=', orgId)
    .$if(page.after !== null, (q) => q.where(keysetAfter('created_at', 'id', page.after!, 'desc')))
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
  return toPage(rows.map(toInviteRow), query, (r) => presentInvite(r, ctx.now()));
}

/** Revoke a pending invite. */
export async function revokeInvite(ctx: ConsoleContext, change: ChangeContext, orgId: string, inviteId: string): Promise<void> {
  await authorizeOrg(ctx.db, change.actor!, orgId, 'org.members.manage');
  const row = await ctx.db.selectFrom('invites').selectAll().where('id', '=', inviteId).where('org_id', '=', orgId).executeTakeFirst();
  if (!row) throw new GatewayError('CONSOLE_NOT_FOUND', `No invite '${inviteId}' in this organization.`);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('invites').set({ revoked_at: change.now }).where('id', '=', inviteId).execute();
    await writeAudit(trx, change, { orgId, action: 'invite.revoke', targetType: 'invite', targetId: inviteId, before: { email: row.email, role: row.role }, after: null });
  });
}

/** What the invite page shows before accepting: organization, email, role, and whether the email has an account. */
export async function lookupInvite(ctx: ConsoleContext, token: string) {
  const row = await findPendingInvite(ctx, token, ctx.now());
  const org = (await getOrganization(ctx.db, row.org_id))!;
  return { org_id: row.org_id, org_name: org.name, email: row.email, role: row.role, expires_at: isoTime(Number(row.expires_at)), account_exists: (await findUserByEmail(ctx.db, row.email)) !== null };
}

/** How the person accepting proved who they are (kept in the audit entry). */
export type AcceptedVia = 'session' | 'password' | 'new_account';

/** The person who joined, and whether a new session must be opened for them. */
export interface AcceptedInvite {
  /** The person who joined. */
  readonly user: UserRow;
  /** How they proved it; `session` means they are already signed in (no new session). */
  readonly via: AcceptedVia;
}

/**
 * Accept an invite. The token says which organization and email; it never proves who the caller
 * is. An existing account joins only when signed in as that account or by giving its password; a
 * new email gets an account with the password the accepting person sets.
 */
export async function acceptInvite(
  ctx: ConsoleContext, change: ChangeContext, input: { readonly token: string; readonly name?: string | undefined; readonly password?: string | undefined },
): Promise<AcceptedInvite> {
  const row = await findPendingInvite(ctx, input.token, change.now);
  const { user, via } = await identifyInvitee(ctx, change, row, input);
  return ctx.db.transaction().execute(async (trx) => {
    // Single use even under concurrent accepts: only the request that flips accepted_at proceeds.
    const flipped = await trx.updateTable('invites').set({ accepted_at: change.now })
      .where('id', '=', row.id).where('accepted_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
    if (flipped.numUpdatedRows !== 1n) throw new GatewayError('CONSOLE_NOT_FOUND', INVITE_GONE);
    const joined = user ?? (await insertUser(trx, { email: row.email, name: input.name!, passwordHash: await hashPassword(input.password!), now: change.now }));
    await joinOrg(trx, row.org_id, joined.id, row.role, change);
    await writeAudit(trx, change, {
      orgId: row.org_id, action: 'invite.accept', targetType: 'invite', targetId: row.id,
      before: { email: row.email, role: row.role }, after: { user_id: joined.id, email: joined.email, role: row.role, accepted_by: joined.id, via },
    }, joined.id);
    return { user: joined, via };
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new GatewayError('CONSOLE_CONFLICT', 'An account with this email was created meanwhile; sign in and open the link again.');
    throw error;
  });
}

const INVITE_GONE = 'This invite link is unknown, used, revoked or expired; ask for a new one.';

async function findPendingInvite(ctx: ConsoleContext, token: string, now: number): Promise<Selectable<InvitesTable>> {
  const row = await ctx.db.selectFrom('invites').selectAll().where('secret_hash', '=', hashSecret(token)).executeTakeFirst();
  if (!row || row.accepted_at !== null || row.revoked_at !== null || Number(row.expires_at) <= now) throw new GatewayError('CONSOLE_NOT_FOUND', INVITE_GONE);
  return row;
}

/** Who accepts: the signed-in person (email must match), an existing account proved by its password, or a new account (user null). */
async function identifyInvitee(
  ctx: ConsoleContext, change: ChangeContext, row: Selectable<InvitesTable>, input: { readonly name?: string | undefined; readonly password?: string | undefined },
): Promise<{ readonly user: UserRow | null; readonly via: AcceptedVia }> {
  const actor = change.actor;
  if (actor !== null) {
    if (actor.kind !== 'user' || actor.via !== 'session') throw new GatewayError('CONSOLE_FORBIDDEN', 'Accept invites signed in to the console, not with an access token or the operator token.');
    const me = await getUser(ctx.db, actor.userId);
    if (me === null || me.email !== row.email) {
      throw new GatewayError('CONSOLE_FORBIDDEN', `This invite is for ${row.email}; you are signed in as ${me?.email ?? 'someone else'}. Sign out, then open the link again.`);
    }
    return { user: me, via: 'session' };
  }
  const existing = await findUserByEmail(ctx.db, row.email);
  if (existing !== null) {
    if (input.password === undefined) throw new GatewayError('CONSOLE_UNAUTHENTICATED', `An account for ${row.email} exists: sign in (or give its password) to accept.`);
    return { user: await verifyCredentials(ctx, change, row.email, input.password), via: 'password' };
  }
  if (input.password === undefined || input.name === undefined) {
    throw new GatewayError('GW_MISSING_PARAMETER', 'Choose a name and a password to create your account.', { param: input.name === undefined ? 'name' : 'password' });
  }
  const strong = newPasswordSchema.safeParse(input.password);
  if (!strong.success) throw new GatewayError('GW_INVALID_VALUE', strong.error.issues[0]?.message ?? 'Choose a longer password.', { param: 'password' });
  return { user: null, via: 'new_account' };
}

async function joinOrg(trx: Kysely<Database>, orgId: string, userId: string, role: string, change: ChangeContext): Promise<void> {
  if ((await findOrgRole(trx, orgId, userId)) !== null) throw new GatewayError('CONSOLE_CONFLICT', 'You are already a member of this organization.');
  await insertOrgMembership(trx, { orgId, userId, role, now: change.now });
}

function toInviteRow(row: Selectable<InvitesTable>): InviteRow {
  return {
    id: row.id, orgId: row.org_id, email: row.email, role: row.role, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at),
    acceptedAt: row.accepted_at === null ? null : Number(row.accepted_at), revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}
