import type { Catalogue, CatalogueModel, ModelStatus, ModelVersion } from '../config/catalogue-types.js';

/** The model a client named: an exact model id first, then a catalogue alias; case-sensitive. */
export function resolveCatalogueModel(catalogue: Catalogue, name: string): CatalogueModel | null {
  const direct = catalogue.models.get(name);
  if (direct !== undefined) return direct;
  const id = catalogue.aliases.get(name);
  return id === undefined ? null : (catalogue.models.get(id) ?? null);
}

/**
 * Lifecycle status at `nowMs`: `deprecated` from `announcedAt` until `sunsetAt`, `retired` from
 * `sunsetAt` on, otherwise `active`.
 */
export function modelStatus(model: CatalogueModel, nowMs: number): ModelStatus {
  const lifecycle = model.lifecycle;
  if (lifecycle === null || nowMs < lifecycle.announcedAt) return 'active';
  return nowMs < lifecycle.sunsetAt ? 'deprecated' : 'retired';
}

/**
 * The deployment to call: the pinned `version` if the model has it, else (for null) the default
 * version, or the only deployment of an unversioned model. Null when the pinned version is unknown.
 */
export function selectVersion(model: CatalogueModel, version: string | null): ModelVersion | null {
  const wanted = version ?? model.defaultVersion;
  if (wanted === null) return model.versions[0] ?? null;
  return model.versions.find((v) => v.version === wanted) ?? null;
}
