import type { Kysely } from 'kysely';
import { createId } from '../core/ids.js';
import type { Database } from '../store/schema.js';
import { keysetAfter, type Cursor } from '../store/keyset.js';

/** A member of an organization or project, joined with the person's name and email. */
export interface MemberRow {
  /** Membership id. */
  readonly id: string;
  /** The person. */
  readonly userId: string;
  /** Their email. */
  readonly email: string;
  /** Their name. */
  readonly name: string;
  /** Role name (organization or project role). */
  readonly role: string;
  /** When they joined, ms. */
  readonly createdAt: number;
}

/** A person's role in an organization, or null when not a member. */
export async function findOrgRole(db: Kysely<Database>, orgId: string, userId: string): Promise<string | null> {
  const row = await db.selectFrom('org_memberships').select('role').where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

/** A person's role in a project, or null. */
export async function findProjectRole(db: Kysely<Database>, projectId: string, userId: string): Promise<string | null> {
  const row = await db.selectFrom('project_memberships').select('role').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

/** Add a person to an organization. */
export async function insertOrgMembership(db: Kysely<Database>, input: { readonly orgId: string; readonly userId: string; readonly role: string; readonly now: number }): Promise<void> {
  await db.insertInto('org_memberships').values({ id: createId('mem', input.now), org_id: input.orgId, user_id: input.userId, role: input.role, created_at: input.now }).execute();
}

/** Add a person to a project. */
export async function insertProjectMembership(
  db: Kysely<Database>,
  input: { readonly orgId: string; readonly projectId: string; readonly userId: string; readonly role: string; readonly now: number },
): Promise<void> {
  await db
    .insertInto('project_memberships')
    .values({ id: createId('pmem', input.now), org_id: input.orgId, project_id: input.projectId, user_id: input.userId, role: input.role, created_at: input.now })
    .execute();
}

/** Members of an organization, oldest first, one page. */
export async function listOrgMembers(db: Kysely<Database>, orgId: string, page: { readonly limit: number; readonly after: Cursor | null }): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom('org_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at'])
    .where('m.org_id', '=', orgId)
    .$if(page.after !== null, (q) => q.where(keysetAfter('m.created_at', 'm.id', page.after!, 'asc')))
    .orderBy('m.created_at')
    .orderBy('m.id')
    .limit(page.limit)
    .execute();
  return rows.map((r) => ({ id: r.id, userId: r.user_id, email: r.email, name: r.name, role: r.role, createdAt: Number(r.created_at) }));
}

/** Members of a project, oldest first, one page. */
export async function listProjectMembers(db: Kysely<Database>, projectId: string, page: { readonly limit: number; readonly after: Cursor | null }): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom('project_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at'])
    .where('m.project_id', '=', projectId)
    .$if(page.after !== null, (q) => q.where(keysetAfter('m.created_at', 'm.id', page.after!, 'asc')))
    .orderBy('m.created_at')
    .orderBy('m.id')
    .limit(page.limit)
    .execute();
  return rows.map((r) => ({ id: r.id, userId: r.user_id, email: r.email, name: r.name, role: r.role, createdAt: Number(r.created_at) }));
}

/** One organization member, or null. */
export async function getOrgMember(db: Kysely<Database>, orgId: string, userId: string): Promise<MemberRow | null> {
  const r = await db
    .selectFrom('org_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at'])
    .where('m.org_id', '=', orgId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  return r ? { id: r.id, userId: r.user_id, email: r.email, name: r.name, role: r.role, createdAt: Number(r.created_at) } : null;
}

/** One project member, or null. */
export async function getProjectMember(db: Kysely<Database>, projectId: string, userId: string): Promise<MemberRow | null> {
  const r = await db
    .selectFrom('project_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at'])
    .where('m.project_id', '=', projectId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  return r ? { id: r.id, userId: r.user_id, email: r.email, name: r.name, role: r.role, createdAt: Number(r.created_at) } : null;
}

/** Number of owners of an organization (the last one may not leave or be demoted). */
export async function countOrgOwners(db: Kysely<Database>, orgId: string): Promise<number> {
  const rows = await db.selectFrom('org_memberships').select('id').where('org_id', '=', orgId).where('role', '=', 'owner').execute();
  return rows.length;
}

/** Organizations a person belongs to, with their role, oldest membership first. */
export async function listUserOrgs(db: Kysely<Database>, userId: string): Promise<Array<{ readonly orgId: string; readonly name: string; readonly role: string }>> {
  const rows = await db
    .selectFrom('org_memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.org_id')
    .select(['o.id', 'o.name', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({ orgId: r.id, name: r.name, role: r.role }));
}

/** A person's project roles within an organization, by project id. */
export async function listUserProjectRoles(db: Kysely<Database>, userId: string, orgId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('project_memberships').select(['project_id', 'role']).where('user_id', '=', userId).where('org_id', '=', orgId).execute();
  return new Map(rows.map((r) => [r.project_id, r.role]));
}
