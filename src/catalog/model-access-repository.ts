import type { Kysely } from 'kysely';
import { createId } from '../core/ids.js';
import { safeParseJson } from '../core/json.js';
import type { Database } from '../store/schema.js';

/** An organization or project alias as the gateway reads it. */
export interface ModelAliasRecord {
  readonly orgId: string;
  /** Null for an organization alias. */
  readonly projectId: string | null;
  readonly name: string;
  /** Model id, possibly with `@` modifiers, or another alias. */
  readonly target: string;
}

/** Every alias (aliases are few; the gateway keeps them all in memory). */
export async function listModelAliases(db: Kysely<Database>): Promise<ModelAliasRecord[]> {
  const rows = await db.selectFrom('model_aliases').select(['org_id', 'project_id', 'name', 'target']).execute();
  return rows.map((r) => ({ orgId: r.org_id, projectId: r.project_id, name: r.name, target: r.target }));
}

/** Organizations that restrict their models, with their lists (an empty list allows every model). */
export async function listOrgAllowedModels(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const rows = await db.selectFrom('org_settings').select(['org_id', 'allowed_models']).where('allowed_models', '!=', '[]').execute();
  const out = new Map<string, string[]>();
  for (const row of rows) {
    const parsed = safeParseJson(row.allowed_models);
    if (parsed.ok && Array.isArray(parsed.value) && parsed.value.length > 0) {
      out.set(row.org_id, parsed.value.filter((v): v is string => typeof v === 'string'));
    }
  }
  return out;
}

/** Create an alias (operator CLI); a name already used in the same scope is refused by the unique index. */
export async function insertModelAlias(
  db: Kysely<Database>,
  input: { orgId: string; projectId: string | null; name: string; target: string; now?: number },
): Promise<ModelAliasRecord & { id: string }> {
  const now = input.now ?? Date.now();
  const id = createId('mal', now);
  await db
    .insertInto('model_aliases')
    .values({ id, org_id: input.orgId, project_id: input.projectId, scope_key: input.projectId ?? input.orgId, name: input.name, target: input.target, created_at: now, updated_at: now })
    .execute();
  return { id, orgId: input.orgId, projectId: input.projectId, name: input.name, target: input.target };
}

/** Set an organization's allowed-model list (operator CLI); `[]` allows every model. */
export async function setOrgAllowedModels(db: Kysely<Database>, orgId: string, models: readonly string[], now = Date.now()): Promise<void> {
  const allowed = JSON.stringify(models);
  await db
    .insertInto('org_settings')
    .values({ org_id: orgId, slug: null, personal: 0, project_access: 'open', allowed_models: allowed, updated_at: now })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ allowed_models: allowed, updated_at: now }))
    .execute();
}

