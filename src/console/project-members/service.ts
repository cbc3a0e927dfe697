import { authorizeProject, type Actor } from '../../auth/authorize.js';
import type { ProjectRole } from '../../auth/permissions.js';
import { GatewayError } from '../../core/errors.js';
import { getOrgMember, getProjectMember, insertProjectMembership, listProjectMembers } from '../../auth/membership-repository.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { notify } from '../notifications/service.js';
import { snapshotMember } from '../org-members/presenter.js';
import type { MemberView } from '../org-members/schema.js';
import { presentProjectMember } from './presenter.js';

/** Members of a project, oldest first. */
export async function listProjectMemberViews(ctx: ConsoleContext, actor: Actor, projectId: string, query: { readonly limit: number; readonly cursor?: string | undefined }) {
  const access = await authorizeProject(ctx.db, actor, projectId, 'project.read');
  const rows = await listProjectMembers(ctx.db, projectId, toPageRequest(query));
  return toPage(rows, query, (row) => presentProjectMember(row, access.permissions));
}

/** Add an organization member to a project with a role. */
export async function addProjectMember(ctx: ConsoleContext, change: ChangeContext, projectId: string, userId: string, role: ProjectRole): Promise<MemberView> {
  const access = await authorizeProject(ctx.db, change.actor!, projectId, 'project.members.manage');
  if ((await getOrgMember(ctx.db, access.orgId, userId)) === null) {
    throw new GatewayError('GW_INVALID_VALUE', `'${userId}' is not a member of this project's organization; invite them first.`, { param: 'user_id' });
  }
  if ((await getProjectMember(ctx.db, projectId, userId)) !== null) throw new GatewayError('CONSOLE_CONFLICT', `'${userId}' is already a project member.`, { param: 'user_id' });
  await ctx.db.transaction().execute(async (trx) => {
    await insertProjectMembership(trx, { orgId: access.orgId, projectId, userId, role, now: change.now });
    const member = (await getProjectMember(trx, projectId, userId))!;
    await writeAudit(trx, change, { orgId: access.orgId, action: 'project_member.add', targetType: 'project_member', targetId: `${projectId}/${userId}`, before: null, after: snapshotMember(member) });
    await notify(trx, { userId, kind: 'project.member_added', title: 'Added to a project', body: `You were added to the project ${access.project.name} as ${role}.`, orgId: access.orgId, now: change.now });
  });
  return presentProjectMember((await getProjectMember(ctx.db, projectId, userId))!, access.permissions);
}

async function memberForChange(ctx: ConsoleContext, actor: Actor, projectId: string, userId: string) {
  const access = await authorizeProject(ctx.db, actor, projectId, 'project.members.manage');
  const member = await getProjectMember(ctx.db, projectId, userId);
  if (member === null) throw new GatewayError('CONSOLE_NOT_FOUND', `No member '${userId}' in this project.`);
  return { access, member };
}

/** Change a project member's role. */
export async function changeProjectMemberRole(ctx: ConsoleContext, change: ChangeContext, projectId: string, userId: string, role: ProjectRole): Promise<MemberView> {
  const { access, member } = await memberForChange(ctx, change.actor!, projectId, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('project_memberships').set({ role }).where('project_id', '=', projectId).where('user_id', '=', userId).execute();
    await writeAudit(trx, change, { orgId: access.orgId, action: 'project_member.update', targetType: 'project_member', targetId: `${projectId}/${userId}`, before: snapshotMember(member), after: { ...snapshotMember(member), role } });
  });
  return presentProjectMember({ ...member, role }, access.permissions);
}

/** Remove a member from a project (their organization role stays). */
export async function removeProjectMember(ctx: ConsoleContext, change: ChangeContext, projectId: string, userId: string): Promise<void> {
  const { access, member } = await memberForChange(ctx, change.actor!, projectId, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('project_memberships').where('project_id', '=', projectId).where('user_id', '=', userId).execute();
    await writeAudit(trx, change, { orgId: access.orgId, action: 'project_member.remove', targetType: 'project_member', targetId: `${projectId}/${userId}`, before: snapshotMember(member), after: null });
  });
}
