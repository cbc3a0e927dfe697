import type { z } from 'zod';
import type { ProjectAccess } from '../../auth/authorize.js';
import type { ProjectLimits } from '../../limits/limit-settings-repository.js';
import { usdOrNull } from '../internal/wire.js';
import type { limitsDto } from './schema.js';

/** Present a project's limits with the caller's abilities. */
export function presentLimits(projectId: string, limits: ProjectLimits, access: ProjectAccess): z.infer<typeof limitsDto> {
  return {
    project_id: projectId,
    rpm: limits.rpm,
    tpm: limits.tpm,
    budget_usd: usdOrNull(limits.budgetNano),
    abilities: { manage_limits: access.permissions.has('project.limits.manage'), manage_budget: access.permissions.has('project.budget.manage') },
  };
}

/** Limits' audit snapshot. */
export function snapshotLimits(limits: ProjectLimits): Record<string, unknown> {
  return { rpm: limits.rpm, tpm: limits.tpm, budget_usd: usdOrNull(limits.budgetNano) };
}
