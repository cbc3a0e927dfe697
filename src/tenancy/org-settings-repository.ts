import type { Kysely } from 'kysely';
import { safeParseJson } from '../core/json.js';
import type { Database } from '../store/schema.js';

/** An organization's console settings (defaults when no row exists). */
export interface OrgSettings {
  /** URL slug, or null. */
  readonly slug: string | null;
  /** Whether this is a personal organization. */
  readonly personal: boolean;
  /** Whether developers and viewers see every project (`open`) or only their own (`restricted`). */
  readonly projectAccess: 'open' | 'restricted';
  /** Model ids the organization may call; empty allows every model. */
  readonly allowedModels: readonly string[];
  /** When the organization was deleted (closed), ms, or null. */
  readonly closedAt: number | null;
}

/** Settings of an organization that has no settings row. */
export const DEFAULT_ORG_SETTINGS: OrgSettings = Object.freeze({ slug: null, personal: false, projectAccess: 'open', allowedModels: [], closedAt: null });

/** An organization's settings, or the defaults. */
export async function getOrgSettings(db: Kysely<Database>, orgId: string): Promise<OrgSettings> {
  const row = await db.selectFrom('org_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();
  if (!row) return DEFAULT_ORG_SETTINGS;
  const parsed = safeParseJson(row.allowed_models);
  const models = parsed.ok && Array.isArray(parsed.value) ? parsed.value.filter((m): m is string => typeof m === 'string') : [];
  return { slug: row.slug, personal: Number(row.personal) === 1, projectAccess: row.project_access === 'restricted' ? 'restricted' : 'open', allowedModels: models, closedAt: row.closed_at === null ? null : Number(row.closed_at) };
}

/** Write an organization's settings (insert or replace). */
export async function putOrgSettings(db: Kysely<Database>, orgId: string, settings: OrgSettings, now: number): Promise<void> {
  const values = {
    slug: settings.slug,
    personal: settings.personal ? (1 as const) : (0 as const),
    project_access: settings.projectAccess,
    allowed_models: JSON.stringify(settings.allowedModels),
    closed_at: settings.closedAt,
    updated_at: now,
  };
  await db
    .insertInto('org_settings')
    .values({ org_id: orgId, ...values })
    .onConflict((oc) => oc.column('org_id').doUpdateSet(values))
    .execute();
}

/** The organization that owns a slug, or null. */
export async function findOrgIdBySlug(db: Kysely<Database>, slug: string): Promise<string | null> {
  const row = await db.selectFrom('org_settings').select('org_id').where('slug', '=', slug).executeTakeFirst();
  return row?.org_id ?? null;
}
