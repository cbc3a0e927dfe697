import { authorizeOrg, type Actor } from '../../auth/authorize.js';
import { orgMemberPolicy } from '../../auth/policies/member.js';
import type { OrgRole } from '../../auth/permissions.js';
import { GatewayError } from '../../core/errors.js';
import { countOrgOwners, getOrgMember, listOrgMembers } from '../../auth/membership-repository.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { notify } from '../notifications/service.js';
import { presentMember, snapshotMember } from './presenter.js';
import type { MemberView } from './schema.js';

/** Members of an organization, oldest first. */
export async function listOrgMemberViews(ctx: ConsoleContext, actor: Actor, orgId: string, query: { readonly limit: number; readonly cursor?: string | undefined }) {
  const access = await authorizeOrg(ctx.db, actor, orgId, 'org.read');
  const rows = await listOrgMembers(ctx.db, orgId, toPageRequest(query));
  return toPage(rows, query, (row) => presentMember(row, orgMemberPolicy, access.permissions));
}

/** Load a member for a change: 404 when absent; owner changes need `org.owners.manage`. */
async function memberForChange(ctx: ConsoleContext, actor: Actor, orgId: string, userId: string, newRole: OrgRole | null) {
  const access = await authorizeOrg(ctx.db, actor, orgId, 'org.members.manage');
  const member = await getOrgMember(ctx.db, orgId, userId);
  if (member === null) throw new GatewayError('CONSOLE_NOT_FOUND', `No member '${userId}' in this organization.`);
  if ((member.role === 'owner' || newRole === 'owner') && !access.permissions.has('org.owners.manage')) {
    throw new GatewayError('CONSOLE_FORBIDDEN', "Only an owner can grant or take the owner role (needs 'org.owners.manage').");
  }
  if (member.role === 'owner' && newRole !== 'owner' && (await countOrgOwners(ctx.db, orgId)) === 1) {
    throw new GatewayError('CONSOLE_CONFLICT', 'An organization keeps at least one owner; make someone else owner first.');
  }
  return { access, member };
}

/** Change a member's organization role. */
export async function changeOrgMemberRole(ctx: ConsoleContext, change: ChangeContext, orgId: string, userId: string, role: OrgRole): Promise<MemberView> {
  const { access, member } = await memberForChange(ctx, change.actor!, orgId, userId, role);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('org_memberships').set({ role }).where('org_id', '=', orgId).where('user_id', '=', userId).execute();
    await writeAudit(trx, change, { orgId, action: 'org_member.update', targetType: 'org_member', targetId: userId, before: snapshotMember(member), after: { ...snapshotMember(member), role } });
    await notify(trx, { userId, kind: 'org.role_changed', title: 'Your role changed', body: `Your organization role is now ${role}.`, orgId, now: change.now });
  });
  return presentMember({ ...member, role }, orgMemberPolicy, access.permissions);
}

/** Remove a member from an organization and from its projects. */
export async function removeOrgMember(ctx: ConsoleContext, change: ChangeContext, orgId: string, userId: string): Promise<void> {
  const { member } = await memberForChange(ctx, change.actor!, orgId, userId, null);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('project_memberships').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
    await trx.deleteFrom('org_memberships').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
    await writeAudit(trx, change, { orgId, action: 'org_member.remove', targetType: 'org_member', targetId: userId, before: snapshotMember(member), after: null });
  });
}
