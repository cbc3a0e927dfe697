import type { Kysely, Selectable } from 'kysely';
import { createId } from '../core/ids.js';
import type { Database, OrganizationsTable } from '../store/schema.js';

/** An organization as stored. */
export interface OrganizationRow {
  /** `org_...` id. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** Creation time, ms since epoch. */
  readonly createdAt: number;
}

/** Input of {@link createOrganization}. */
export interface NewOrganization {
  /** Display name (not unique). */
  readonly name: string;
  /** Creation time; defaults to now. */
  readonly now?: number;
}

/** Create an organization. */
export async function createOrganization(db: Kysely<Database>, input: NewOrganization): Promise<OrganizationRow> {
  const now = input.now ?? Date.now();
  const row: Selectable<OrganizationsTable> = { id: createId('org', now), name: input.name, created_at: now };
  await db.insertInto('organizations').values(row).execute();
  return toOrganizationRow(row);
}

/** The organization with this id, or null. */
export async function getOrganization(db: Kysely<Database>, id: string): Promise<OrganizationRow | null> {
  const row = await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toOrganizationRow(row) : null;
}

/** Organizations with this exact name, oldest first. */
export async function findOrganizationsByName(db: Kysely<Database>, name: string): Promise<OrganizationRow[]> {
  const rows = await db.selectFrom('organizations').selectAll().where('name', '=', name).orderBy('created_at').orderBy('id').execute();
  return rows.map(toOrganizationRow);
}

/** Organizations, oldest first, at most `limit` (default 100). */
export async function listOrganizations(db: Kysely<Database>, options: { readonly limit?: number } = {}): Promise<OrganizationRow[]> {
  const rows = await db.selectFrom('organizations').selectAll().orderBy('created_at').orderBy('id').limit(options.limit ?? 100).execute();
  return rows.map(toOrganizationRow);
}

function toOrganizationRow(row: Selectable<OrganizationsTable>): OrganizationRow {
  return { id: row.id, name: row.name, createdAt: Number(row.created_at) };
}
