import type { CatalogueModel, ModelVersion } from '../config/catalogue-types.js';
import type { Provider } from '../providers/provider.js';

/** What serves a request: the catalogue model, its deployment and the provider (see semantics/resolve-model.ts). */
export interface Target {
  readonly model: CatalogueModel;
  readonly version: ModelVersion;
  readonly provider: Provider;
}
