import type { Kysely } from 'kysely';
import { moneyText, parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';

/** A project's stored limits; `null` means none (unlimited), zero stays zero. */
export interface ProjectLimits {
  /** Requests per minute, or null. */
  readonly rpm: number | null;
  /** Tokens per minute, or null. */
  readonly tpm: number | null;
  /** Monthly budget, nano-USD, or null. */
  readonly budgetNano: bigint | null;
}

/** No limits at all: what a project without a row has. */
export const NO_PROJECT_LIMITS: ProjectLimits = Object.freeze({ rpm: null, tpm: null, budgetNano: null });

/** A project's limits (the defaults when it has no row). */
export async function getProjectLimits(db: Kysely<Database>, projectId: string): Promise<ProjectLimits> {
  const row = await db
    .selectFrom('project_limits')
    .select(['rpm', 'tpm', moneyText('budget_nano').as('budget')])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (row === undefined) return NO_PROJECT_LIMITS;
  return { rpm: row.rpm, tpm: row.tpm, budgetNano: row.budget === null ? null : parseMoney(row.budget) };
}

/** Replace a project's limits (the CLI now, the console later). */
export async function setProjectLimits(db: Kysely<Database>, projectId: string, orgId: string, limits: ProjectLimits, now: number): Promise<void> {
  const values = { rpm: limits.rpm, tpm: limits.tpm, budget_nano: limits.budgetNano, updated_at: now };
  await db
    .insertInto('project_limits')
    .values({ project_id: projectId, org_id: orgId, ...values })
    .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
    .execute();
}

/** A key's monthly budget in nano-USD, or null for none. */
export async function getKeyBudget(db: Kysely<Database>, keyId: string): Promise<bigint | null> {
  const row = await db.selectFrom('api_key_settings').select(moneyText('budget_nano').as('budget')).where('key_id', '=', keyId).executeTakeFirst();
  return row === undefined || row.budget === null ? null : parseMoney(row.budget);
}

/** Set or clear a key's monthly budget. */
export async function setKeyBudget(db: Kysely<Database>, keyId: string, budgetNano: bigint | null): Promise<void> {
  await db
    .insertInto('api_key_settings')
    .values({ key_id: keyId, budget_nano: budgetNano, created_by: null, deleted_at: null })
    .onConflict((oc) => oc.column('key_id').doUpdateSet({ budget_nano: budgetNano }))
    .execute();
}
