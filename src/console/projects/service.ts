import { authorizeOrg, authorizeProject, projectAccessFrom, type Actor } from '../../auth/authorize.js';
import { SEES_EVERY_PROJECT, isProjectRole } from '../../auth/permissions.js';
import { keysetAfter } from '../../store/keyset.js';
import { listUserProjectRoles } from '../../auth/membership-repository.js';
import { createProject, getProject } from '../../tenancy/project-repository.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { presentProject, snapshotProject } from './presenter.js';
import type { ProjectView } from './schema.js';

/** Projects of an organization the caller can reach, oldest first (restricted mode hides the others). */
export async function listProjectViews(ctx: ConsoleContext, actor: Actor, orgId: string, query: { readonly limit: number; readonly cursor?: string | undefined }) {
  const access = await authorizeOrg(ctx.db, actor, orgId, 'org.read');
  const page = toPageRequest(query);
  const everything = access.role === null || SEES_EVERY_PROJECT.has(access.role) || access.projectAccess === 'open';
  const roles = actor.kind === 'user' ? await listUserProjectRoles(ctx.db, actor.userId, orgId) : new Map<string, string>();
  const rows = await ctx.db
    .selectFrom('projects')
    .selectAll()
    .where('org_id', '=', orgId)
    // The '' sentinel keeps the IN list non-empty (an empty list is a syntax error) and matches no id.
    .$if(!everything, (q) => q.where('id', 'in', [...roles.keys(), '']))
    .$if(page.after !== null, (q) => q.where(keysetAfter('created_at', 'id', page.after!, 'asc')))
    .orderBy('created_at')
    .orderBy('id')
    .limit(page.limit)
    .execute();
  const projects = rows.map((r) => ({ id: r.id, orgId: r.org_id, name: r.name, createdAt: Number(r.created_at) }));
  return toPage(projects, query, (project) => {
    const stored = roles.get(project.id);
    return presentProject(project, projectAccessFrom(access, project, stored !== undefined && isProjectRole(stored) ? stored : null)!);
  });
}

/** One project. */
export async function getProjectView(ctx: ConsoleContext, actor: Actor, projectId: string): Promise<ProjectView> {
  const access = await authorizeProject(ctx.db, actor, projectId, 'project.read');
  return presentProject(access.project, access);
}

/** Create a project. */
export async function createProjectInOrg(ctx: ConsoleContext, change: ChangeContext, orgId: string, name: string): Promise<ProjectView> {
  await authorizeOrg(ctx.db, change.actor!, orgId, 'project.create');
  const project = await ctx.db.transaction().execute(async (trx) => {
    const created = await createProject(trx, { orgId, name, now: change.now });
    await writeAudit(trx, change, { orgId, action: 'project.create', targetType: 'project', targetId: created.id, before: null, after: snapshotProject(created) });
    return created;
  });
  return getProjectView(ctx, change.actor!, project.id);
}

/** Rename a project. */
export async function renameProject(ctx: ConsoleContext, change: ChangeContext, projectId: string, name: string): Promise<ProjectView> {
  const access = await authorizeProject(ctx.db, change.actor!, projectId, 'project.update');
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('projects').set({ name }).where('id', '=', projectId).execute();
    const after = (await getProject(trx, projectId))!;
    await writeAudit(trx, change, { orgId: access.orgId, action: 'project.rename', targetType: 'project', targetId: projectId, before: snapshotProject(access.project), after: snapshotProject(after) });
  });
  return getProjectView(ctx, change.actor!, projectId);
}
