import type { Kysely, Selectable } from 'kysely';
import { createId } from '../core/ids.js';
import type { ModelAliasesTable } from '../store/console-schema.js';
import { keysetAfter, type Cursor } from '../store/keyset.js';
import type { Database } from '../store/schema.js';

// The gateway reads aliases with `listModelAliases` in model-access-repository.ts (a full reload); these serve the console.

/** A model alias as stored. */
export interface ModelAliasRow {
  /** `mal_...` id. */
  readonly id: string;
  /** Organization. */
  readonly orgId: string;
  /** Project, or null for an organization alias. */
  readonly projectId: string | null;
  /** Alias name. */
  readonly name: string;
  /** Model id it stands for. */
  readonly target: string;
  /** Creation time, ms. */
  readonly createdAt: number;
  /** Last change, ms. */
  readonly updatedAt: number;
}

/** Which aliases: an organization's own, or one project's. */
export interface AliasScope {
  /** Organization. */
  readonly orgId: string;
  /** Project, or null for the organization's aliases. */
  readonly projectId: string | null;
}

function scopeKey(scope: AliasScope): string {
  return scope.projectId ?? scope.orgId;
}

/** Aliases of a scope, by name. */
export async function listModelAliases(db: Kysely<Database>, scope: AliasScope, page: { readonly limit: number; readonly after: Cursor | null }): Promise<ModelAliasRow[]> {
  const rows = await db
    .selectFrom('model_aliases').selectAll().where('scope_key', '=', scopeKey(scope))
    .$if(page.after !== null, (q) => q.where(keysetAfter('created_at', 'id', page.after!, 'asc')))
    .orderBy('created_at').orderBy('id').limit(page.limit).execute();
  return rows.map(toRow);
}

/** One alias of a scope, or null. */
export async function getModelAlias(db: Kysely<Database>, scope: AliasScope, id: string): Promise<ModelAliasRow | null> {
  const row = await db.selectFrom('model_aliases').selectAll().where('id', '=', id).where('scope_key', '=', scopeKey(scope)).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** The alias of a scope with this name, or null. */
export async function findModelAliasByName(db: Kysely<Database>, scope: AliasScope, name: string): Promise<ModelAliasRow | null> {
  const row = await db.selectFrom('model_aliases').selectAll().where('scope_key', '=', scopeKey(scope)).where('name', '=', name).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** Create an alias. */
export async function insertModelAlias(db: Kysely<Database>, scope: AliasScope, input: { readonly name: string; readonly target: string; readonly now: number }): Promise<ModelAliasRow> {
  const row: Selectable<ModelAliasesTable> = {
    id: createId('mal', input.now), org_id: scope.orgId, project_id: scope.projectId, scope_key: scopeKey(scope),
    name: input.name, target: input.target, created_at: input.now, updated_at: input.now,
  };
  await db.insertInto('model_aliases').values(row).execute();
  return toRow(row);
}

/** Change an alias's name or target. */
export async function updateModelAlias(db: Kysely<Database>, id: string, patch: { readonly name?: string; readonly target?: string }, now: number): Promise<void> {
  await db.updateTable('model_aliases').set({ updated_at: now, ...patch }).where('id', '=', id).execute();
}

/** Delete an alias. */
export async function deleteModelAlias(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('model_aliases').where('id', '=', id).execute();
}

function toRow(row: Selectable<ModelAliasesTable>): ModelAliasRow {
  return { id: row.id, orgId: row.org_id, projectId: row.project_id, name: row.name, target: row.target, createdAt: Number(row.created_at), updatedAt: Number(row.updated_at) };
}
