import type { Kysely } from 'kysely';
import { listModelAliases, listOrgAllowedModels } from '../catalog/model-access-repository.js';
import type { Catalogue, CatalogueModel } from '../config/catalogue-types.js';
import type { Database } from '../store/schema.js';
import { emitWebhookEvent } from './emit-event.js';

/** Usage this recent makes an organization "affected" by a deprecation: 30 days. */
export const DEPRECATION_USAGE_WINDOW_MS = 30 * 24 * 3_600_000;

/** Why an organization is told about a deprecation. */
export type DeprecationReason = 'usage' | 'allowed_models' | 'alias';

/** The dedupe key of one announcement: one per organization, model and sunset date, ever. */
export function deprecationDedupeKey(orgId: string, model: CatalogueModel): string {
  return `model.deprecated:${orgId}:${model.id}:${new Date(model.lifecycle!.sunsetAt).toISOString().slice(0, 10)}`;
}

/**
 * Announce the catalogue's deprecations: for each model with a lifecycle that has not reached its
 * sunset, one `model.deprecated` event per organization that used it in the last 30 days (hourly
 * rollups), lists it in its allowed models, or has an alias targeting it. Run at start and after
 * each reload; the dedupe key (organization, model, sunset date) makes repeats no-ops, also across
 * processes, so an organization hears of each deprecation once. Returns the events emitted.
 */
export async function announceDeprecations(db: Kysely<Database>, catalogue: Catalogue, now: number): Promise<number> {
  const deprecated = [...catalogue.models.values()].filter((m) => m.lifecycle !== null && m.lifecycle.sunsetAt > now);
  if (deprecated.length === 0) return 0;
  const affected = await findAffectedOrgs(db, catalogue, deprecated.map((m) => m.id), now);
  let emitted = 0;
  for (const model of deprecated) {
    for (const [orgId, reasons] of affected.get(model.id) ?? []) {
      const lifecycle = model.lifecycle!;
      const id = await db.transaction().execute((trx) => emitWebhookEvent(trx, {
        orgId,
        type: 'model.deprecated',
        data: {
          model: model.id,
          announced_at: new Date(lifecycle.announcedAt).toISOString(),
          sunset_at: new Date(lifecycle.sunsetAt).toISOString(),
          replacement: lifecycle.replacement,
          notice_url: lifecycle.noticeUrl,
          reasons: [...reasons].sort(),
        },
        dedupeKey: deprecationDedupeKey(orgId, model),
        now,
      }));
      if (id !== null) emitted += 1;
    }
  }
  return emitted;
}

/** model id → organization → reasons. */
async function findAffectedOrgs(db: Kysely<Database>, catalogue: Catalogue, modelIds: readonly string[], now: number): Promise<Map<string, Map<string, Set<DeprecationReason>>>> {
  const out = new Map<string, Map<string, Set<DeprecationReason>>>();
  const wanted = new Set(modelIds);
  const add = (name: string, orgId: string, reason: DeprecationReason) => {
    const model = catalogue.aliases.get(name) ?? name;
    if (!wanted.has(model)) return;
    const orgs = out.get(model) ?? new Map<string, Set<DeprecationReason>>();
    out.set(model, orgs);
    const reasons = orgs.get(orgId) ?? new Set<DeprecationReason>();
    orgs.set(orgId, reasons);
    reasons.add(reason);
  };
  // The end user is not needed: the per-key rollups hold the same (organization, model) pairs in fewer rows.
  const used = await db
    .selectFrom('usage_key_rollups')
    .select(['org_id', 'model'])
    .where('model', 'in', [...modelIds])
    .where('hour', '>=', now - DEPRECATION_USAGE_WINDOW_MS)
    .groupBy(['org_id', 'model'])
    .execute();
  for (const row of used) add(row.model, row.org_id, 'usage');
  for (const [orgId, models] of await listOrgAllowedModels(db)) for (const m of models) add(m, orgId, 'allowed_models');
  // An alias target may carry `@` modifiers (`acme/model@2024-08-06@effort:low`); its base names the model.
  for (const alias of await listModelAliases(db)) add(alias.target.split('@')[0]!, alias.orgId, 'alias');
  return out;
}
