import type { CachedKey } from '../auth/key-cache.js';
import { resolveCatalogueModel, selectVersion } from '../catalog/catalogue-index.js';
import type { Catalogue, CatalogueModel, ModelKind, ModelVersion } from '../catalog/types.js';
import { GatewayError } from '../core/errors.js';
import type { Provider } from '../providers/provider.js';

/** What serves a request: the catalogue model, its deployment and the provider. */
export interface Target {
  readonly model: CatalogueModel;
  readonly version: ModelVersion;
  readonly provider: Provider;
}

/** Endpoint names used in messages. */
const KIND_ENDPOINT: Record<ModelKind, string> = {
  chat: '/v1/chat/completions',
  embedding: '/v1/embeddings',
  completion: '/v1/completions',
  rerank: '/v1/rerank',
};

/**
 * Resolve the model a client named. Unknown models and models the key may not use get the same
 * 404, so a key cannot probe which models exist beyond its own list.
 */
export function resolveTarget(
  catalogue: Catalogue,
  providers: ReadonlyMap<string, Provider>,
  name: string,
  kinds: readonly ModelKind[],
  key: CachedKey,
): Target {
  const model = resolveCatalogueModel(catalogue, name);
  if (model === null || (key.allowedModels !== null && !key.allowedModels.includes(model.id))) {
    throw new GatewayError('GW_MODEL_NOT_FOUND', `The model '${name}' does not exist or you do not have access to it.`, { param: 'model' });
  }
  if (!kinds.includes(model.kind)) {
    throw new GatewayError(
      'GW_WRONG_MODEL_KIND',
      `The model '${model.id}' is a ${model.kind} model; use ${KIND_ENDPOINT[model.kind]}.`,
      { param: 'model' },
    );
  }
  const version = selectVersion(model, null);
  const provider = version === null ? undefined : providers.get(version.providerId);
  if (version === null || provider === undefined) {
    throw new GatewayError('GW_INTERNAL', `The model '${model.id}' has no usable deployment.`);
  }
  return { model, version, provider };
}
