import type { Kysely } from 'kysely';
import { moneyText, parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';

/** Console-side facts about a key. */
export interface ApiKeySettings {
  /** Monthly budget, nano-USD, or null for none. */
  readonly budgetNano: bigint | null;
  /** Soft-deletion time, ms, or null. */
  readonly deletedAt: number | null;
}

/** Settings of each key id given (keys without a row are absent from the map). */
export async function getApiKeySettings(db: Kysely<Database>, keyIds: readonly string[]): Promise<Map<string, ApiKeySettings>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('api_key_settings')
    .select(['key_id', 'deleted_at', moneyText('budget_nano').as('budget')])
    .where('key_id', 'in', keyIds)
    .execute();
  return new Map(rows.map((r) => [r.key_id, { budgetNano: r.budget === null ? null : parseMoney(r.budget), deletedAt: r.deleted_at === null ? null : Number(r.deleted_at) }]));
}

/** Write a key's settings (insert or replace the given fields). */
export async function putApiKeySettings(
  db: Kysely<Database>,
  keyId: string,
  patch: { readonly budgetNano?: bigint | null; readonly deletedAt?: number | null; readonly createdBy?: string | null },
): Promise<void> {
  const values = {
    ...(patch.budgetNano === undefined ? {} : { budget_nano: patch.budgetNano }),
    ...(patch.deletedAt === undefined ? {} : { deleted_at: patch.deletedAt }),
  };
  await db
    .insertInto('api_key_settings')
    .values({ key_id: keyId, budget_nano: patch.budgetNano ?? null, deleted_at: patch.deletedAt ?? null, created_by: patch.createdBy ?? null })
    .onConflict((oc) => (Object.keys(values).length === 0 ? oc.column('key_id').doNothing() : oc.column('key_id').doUpdateSet(values)))
    .execute();
}
