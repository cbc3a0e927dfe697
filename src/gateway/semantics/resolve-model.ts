import type { CachedKey } from '../../auth/key-cache.js';
import { modelStatus, resolveCatalogueModel, selectVersion } from '../../catalog/catalogue-index.js';
import type { ModelAccessCache } from '../../catalog/model-access-cache.js';
import { parseModelName, type ModelModifiers } from '../../catalog/parse-model-name.js';
import type { Catalogue, CatalogueModel, ModelKind } from '../../config/catalogue-types.js';
import { GatewayError } from '../../core/errors.js';
import type { Provider } from '../../providers/provider.js';
import type { Router } from '../dispatch/router.js';
import type { Target } from '../resolve-target.js';
import { lifecycleHeaders } from './lifecycle-headers.js';

/** What a model name resolved to, and what the answer must say about it. */
export interface ModelResolution {
  readonly target: Target;
  /** Modifiers of the alias target, overridden by the request's own. */
  readonly modifiers: ModelModifiers;
  /** Headers every answer carries: alias, lifecycle, redirect. */
  readonly headers: Readonly<Record<string, string>>;
  /** `id@version` as logged. */
  readonly resolvedName: string;
  /** The model answers report: the catalogue id, with `@version` only when the request or its alias pinned one. */
  readonly answerModel: string;
}

/** Inputs of {@link resolveModel}. */
export interface ResolveModelInput {
  readonly catalogue: Catalogue;
  readonly providers: ReadonlyMap<string, Provider>;
  readonly access: ModelAccessCache;
  readonly key: CachedKey;
  /** The model exactly as the client sent it. */
  readonly name: string;
  /** Model kinds the endpoint serves. */
  readonly kinds: readonly ModelKind[];
  readonly now: number;
  /** Routes models with several deployments, key pools, retries or fallbacks; absent: the plain provider. */
  readonly router?: Router | undefined;
}

const KIND_ENDPOINT: Record<ModelKind, string> = {
  chat: '/v1/chat/completions',
  embedding: '/v1/embeddings',
  completion: '/v1/completions',
  rerank: '/v1/rerank',
};

/** Hops an alias chain may take before it is treated as a loop. */
const MAX_ALIAS_HOPS = 4;

/**
 * Resolve a client's model name: parse `@` parts, follow project then organization aliases, find the
 * catalogue model, apply its lifecycle (deprecation headers; after the sunset its replacement), check
 * the organization's and the key's allowed lists, and pick the pinned or default version.
 */
export function resolveModel(input: ResolveModelInput): ModelResolution {
  const headers: Record<string, string> = {};
  // `@smart` is the explicit form of the alias `smart` (the form x-tf-model-alias reports).
  const requested = parseModelName(input.name.startsWith('@') ? input.name.slice(1) : input.name);
  let base = requested.base;
  let version = requested.version;
  let modifiers: ModelModifiers = requested.modifiers;
  let aliasName: string | null = null;
  for (let hop = 0; hop < MAX_ALIAS_HOPS; hop++) {
    const target = input.access.aliasTarget(input.key.orgId, input.key.projectId, base);
    if (target === null) break;
    aliasName ??= base;
    const viaAlias = parseModelName(target);
    base = viaAlias.base;
    version = version ?? viaAlias.version;
    modifiers = { ...viaAlias.modifiers, ...modifiers };
  }
  if (aliasName !== null) headers['x-tf-model-alias'] = `@${aliasName}`;
  let model = resolveCatalogueModel(input.catalogue, base);
  if (model === null) throw notFound(input.name);
  Object.assign(headers, lifecycleHeaders(model, input.now));
  if (modelStatus(model, input.now) === 'retired') {
    model = replacementFor(input, model);
    headers['x-tf-model-redirect'] = requested.base;
    version = null;
  }
  if (!input.kinds.includes(model.kind)) {
    throw new GatewayError('GW_WRONG_MODEL_KIND', `The model '${model.id}' is a ${model.kind} model; use ${KIND_ENDPOINT[model.kind]}.`, { param: 'model' });
  }
  checkAllowed(input, model);
  const chosen = selectVersion(model, version);
  if (chosen === null) {
    const known = model.versions.map((v) => v.version).filter((v) => v !== null);
    throw new GatewayError('GW_INVALID_MODEL_MODIFIER', `The model '${model.id}' has no version @${version}; versions: ${known.join(', ') || 'none'}.`, { param: 'model' });
  }
  const provider = input.router?.providerFor(input.catalogue, input.providers, model, chosen) ?? input.providers.get(chosen.providerId);
  if (provider === undefined) throw new GatewayError('GW_INTERNAL', `The model '${model.id}' has no usable deployment.`);
  return {
    target: { model, version: chosen, provider },
    modifiers,
    headers,
    resolvedName: chosen.version === null ? model.id : `${model.id}@${chosen.version}`,
    answerModel: version === null || chosen.version === null ? model.id : `${model.id}@${chosen.version}`,
  };
}

/** After the sunset the catalogue's replacement serves; without one the model is gone (410). */
function replacementFor(input: ResolveModelInput, model: CatalogueModel): CatalogueModel {
  let current = model;
  for (let hop = 0; hop < MAX_ALIAS_HOPS && modelStatus(current, input.now) === 'retired'; hop++) {
    const next = current.lifecycle?.replacement ? resolveCatalogueModel(input.catalogue, current.lifecycle.replacement) : null;
    if (next === null) break;
    current = next;
  }
  if (modelStatus(current, input.now) === 'retired') {
    const sunset = new Date(model.lifecycle!.sunsetAt).toISOString();
    throw new GatewayError('GW_MODEL_RETIRED', `The model '${model.id}' was retired on ${sunset} and has no replacement.`, { param: 'model' });
  }
  return current;
}

/** 403 with the list that excludes the model: the catalogue is public, the reason should be plain. */
function checkAllowed(input: ResolveModelInput, model: CatalogueModel): void {
  const orgList = input.access.allowedModels(input.key.orgId);
  if (orgList !== null && !orgList.includes(model.id)) {
    throw new GatewayError('GW_MODEL_NOT_ALLOWED', `The model '${model.id}' is not in your organization's allowed models.`, { param: 'model' });
  }
  if (input.key.allowedModels !== null && !input.key.allowedModels.includes(model.id)) {
    throw new GatewayError('GW_MODEL_NOT_ALLOWED', `This API key may not use the model '${model.id}'.`, { param: 'model' });
  }
}

function notFound(name: string): GatewayError {
  return new GatewayError('GW_MODEL_NOT_FOUND', `The model '${name}' does not exist.`, { param: 'model' });
}
