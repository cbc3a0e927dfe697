import type { Kysely, Selectable } from 'kysely';
import { createId } from '../core/ids.js';
import type { Database, ProjectsTable } from '../store/schema.js';

/** A project as stored. */
export interface ProjectRow {
  /** `proj_...` id. */
  readonly id: string;
  /** Owning organization. */
  readonly orgId: string;
  /** Display name. */
  readonly name: string;
  /** Creation time, ms since epoch. */
  readonly createdAt: number;
}

/** Input of {@link createProject}. */
export interface NewProject {
  /** Owning organization (must exist: foreign key). */
  readonly orgId: string;
  /** Display name. */
  readonly name: string;
  /** Creation time; defaults to now. */
  readonly now?: number;
}

/** Create a project in an organization. */
export async function createProject(db: Kysely<Database>, input: NewProject): Promise<ProjectRow> {
  const now = input.now ?? Date.now();
  const row: Selectable<ProjectsTable> = { id: createId('proj', now), org_id: input.orgId, name: input.name, created_at: now };
  await db.insertInto('projects').values(row).execute();
  return toProjectRow(row);
}

/** The project with this id, or null. */
export async function getProject(db: Kysely<Database>, id: string): Promise<ProjectRow | null> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toProjectRow(row) : null;
}

/** Projects of an organization, oldest first. */
export async function listProjects(db: Kysely<Database>, orgId: string): Promise<ProjectRow[]> {
  const rows = await db.selectFrom('projects').selectAll().where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toProjectRow);
}

function toProjectRow(row: Selectable<ProjectsTable>): ProjectRow {
  return { id: row.id, orgId: row.org_id, name: row.name, createdAt: Number(row.created_at) };
}
