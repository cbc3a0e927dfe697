import type { Kysely, Selectable } from 'kysely';
import { authorizeOrg, type Actor } from '../../auth/authorize.js';
import type { OrgRole } from '../../auth/permissions.js';
import { hashPassword } from '../../auth/password.js';
import { generateSecret, hashSecret } from '../../auth/random-secret.js';
import { findUserByEmail, insertUser, normalizeEmail, updateUserPassword, type UserRow } from '../../auth/user-repository.js';
import { GatewayError } from '../../core/errors.js';
import { createId } from '../../core/ids.js';
import type { InvitesTable } from '../../store/console-schema.js';
import { keysetAfter } from '../../store/keyset.js';
import type { Database } from '../../store/schema.js';
import { findOrgRole, insertOrgMembership } from '../../auth/membership-repository.js';
import { getOrganization } from '../../tenancy/organization-repository.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { notify } from '../notifications/service.js';
import { presentInvite, type InviteRow } from './presenter.js';

const INVITE_TTL_MS = 7 * 24 * 3_600_000;

/** Invite someone by email; the link is returned to the inviter once and emailed when a mailer is configured. */
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
  let emailed = false;
  if (ctx.sendInviteEmail !== null) {
    // The invite is already stored and the inviter gets the link either way; a mail failure only shows as `emailed: false`.
    emailed = await ctx.sendInviteEmail({ email: row.email, orgName: org.name, url }).then(() => true, () => false);
  }
  return { ...presentInvite(toInviteRow(row), change.now), url, emailed };
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

/** Accept an invite: join the organization, creating the account (with its password) when the email has none. */
export async function acceptInvite(ctx: ConsoleContext, change: ChangeContext, input: { readonly token: string; readonly name?: string | undefined; readonly password?: string | undefined }): Promise<UserRow> {
  const row = await ctx.db.selectFrom('invites').selectAll().where('secret_hash', '=', hashSecret(input.token)).executeTakeFirst();
  if (!row || row.accepted_at !== null || row.revoked_at !== null || Number(row.expires_at) <= change.now) {
    throw new GatewayError('CONSOLE_NOT_FOUND', 'This invite link is unknown, used, revoked or expired; ask for a new one.');
  }
  const existing = await findUserByEmail(ctx.db, row.email);
  if (existing === null && (input.password === undefined || input.name === undefined)) {
    throw new GatewayError('GW_MISSING_PARAMETER', 'Choose a name and a password to create your account.', { param: input.name === undefined ? 'name' : 'password' });
  }
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    const user = existing ?? (await insertUser(trx, { email: row.email, name: input.name!, passwordHash, now: change.now }));
    // An invited person who never set a password (created by an operator) sets it now.
    if (existing !== null && existing.passwordHash === null && passwordHash !== null) await updateUserPassword(trx, existing.id, passwordHash, change.now);
    await joinOrg(trx, row.org_id, user.id, row.role, change);
    await trx.updateTable('invites').set({ accepted_at: change.now }).where('id', '=', row.id).execute();
    await writeAudit(trx, change, { orgId: row.org_id, action: 'invite.accept', targetType: 'org_member', targetId: user.id, before: null, after: { user_id: user.id, email: user.email, role: row.role } }, user.id);
    return user;
  });
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
