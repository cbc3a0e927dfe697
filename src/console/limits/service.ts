import { authorizeProject, type Actor } from '../../auth/authorize.js';
import type { Permission } from '../../auth/permissions.js';
import { getProjectLimits, setProjectLimits, type ProjectLimits } from '../../limits/limit-settings-repository.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { presentLimits, snapshotLimits } from './presenter.js';

/** A project's limits and budget. */
export async function getLimitsView(ctx: ConsoleContext, actor: Actor, projectId: string) {
  const access = await authorizeProject(ctx.db, actor, projectId, 'project.read');
  return presentLimits(projectId, await getProjectLimits(ctx.db, projectId), access);
}

async function changeLimits(
  ctx: ConsoleContext, change: ChangeContext, projectId: string, permission: Permission, action: string, apply: (limits: ProjectLimits) => ProjectLimits,
) {
  const access = await authorizeProject(ctx.db, change.actor!, projectId, permission);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await getProjectLimits(trx, projectId);
    const after = apply(before);
    await setProjectLimits(trx, projectId, access.orgId, after, change.now);
    await writeAudit(trx, change, { orgId: access.orgId, action, targetType: 'project_limits', targetId: projectId, before: snapshotLimits(before), after: snapshotLimits(after) });
  });
  ctx.settingsChanged.projectLimits(projectId);
  return presentLimits(projectId, await getProjectLimits(ctx.db, projectId), access);
}

/** Set or clear the project's rpm and tpm (stored here; enforced by the gateway). */
export function updateRateLimits(ctx: ConsoleContext, change: ChangeContext, projectId: string, input: { readonly rpm?: number | null | undefined; readonly tpm?: number | null | undefined }) {
  return changeLimits(ctx, change, projectId, 'project.limits.manage', 'project_limits.update', (l) => ({
    ...l,
    ...(input.rpm === undefined ? {} : { rpm: input.rpm }),
    ...(input.tpm === undefined ? {} : { tpm: input.tpm }),
  }));
}

/** Set or clear the project's monthly budget. */
export function setProjectBudget(ctx: ConsoleContext, change: ChangeContext, projectId: string, budgetNano: bigint | null) {
  return changeLimits(ctx, change, projectId, 'project.budget.manage', 'project_budget.update', (l) => ({ ...l, budgetNano }));
}
