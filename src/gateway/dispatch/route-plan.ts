import { selectVersion } from '../../catalog/catalogue-index.js';
import type { Catalogue, CatalogueModel, ModelDeployment, ModelRouting, ModelVersion } from '../../config/catalogue-types.js';
import type { Provider, WireFormat } from '../../providers/provider.js';

/** One credential of a deployment's provider: the provider instance using it and its circuit key. */
export interface CredentialLane {
  readonly provider: Provider;
  /** `cred:<provider map key>`. */
  readonly key: string;
}

/** A deployment that can serve an attempt. */
export interface Candidate {
  readonly deployment: ModelDeployment;
  /** Its provider's credentials, one lane each (one for a provider without a key pool). */
  readonly lanes: readonly CredentialLane[];
  /** Wait at most this long for a stream's first chunk. */
  readonly firstTokenMs: number;
}

/** A model and the deployments of its served version, tried in turn. */
export interface RouteGroup {
  readonly model: CatalogueModel;
  readonly routing: ModelRouting;
  readonly candidates: readonly Candidate[];
  /** A fallback used only when the previous model found the prompt too long. */
  readonly contextLengthOnly: boolean;
}

/** The routing of a model when a key pool alone calls for it (nothing declared). */
export const DEFAULT_ROUTING: ModelRouting = Object.freeze({
  balance: 'weighted',
  retries: 0,
  retryOn: new Set(['connect', 'timeout', 'rate_limit', 'server_error'] as const),
  backoffMs: 100,
  maxBackoffMs: 2000,
  maxRetryAfterMs: 5000,
  fallbacks: [],
  cooldownFailures: 3,
  cooldownMs: 30_000,
});

/**
 * The groups a request for `model` at `version` may use: the model itself, then its fallbacks in
 * order (each at its default version). Deployments whose provider is missing are left out.
 */
export function buildRoutePlan(catalogue: Catalogue, providers: ReadonlyMap<string, Provider>, model: CatalogueModel, version: ModelVersion): RouteGroup[] {
  const routing = model.routing ?? DEFAULT_ROUTING;
  const groups: RouteGroup[] = [{ model, routing, candidates: candidatesOf(catalogue, providers, version), contextLengthOnly: false }];
  for (const fallback of routing.fallbacks) {
    const other = catalogue.models.get(fallback.model);
    const otherVersion = other === undefined ? null : selectVersion(other, null);
    if (other === undefined || otherVersion === null) continue;
    groups.push({ model: other, routing: other.routing ?? DEFAULT_ROUTING, candidates: candidatesOf(catalogue, providers, otherVersion), contextLengthOnly: fallback.contextLengthOnly });
  }
  return groups.filter((g) => g.candidates.length > 0);
}

function candidatesOf(catalogue: Catalogue, providers: ReadonlyMap<string, Provider>, version: ModelVersion): Candidate[] {
  const out: Candidate[] = [];
  for (const deployment of version.deployments) {
    const config = catalogue.providers.get(deployment.providerId);
    const first = providers.get(deployment.providerId);
    if (config === undefined || first === undefined) continue;
    const lanes: CredentialLane[] = [{ provider: first, key: `cred:${deployment.providerId}` }];
    for (let i = 2; i <= config.apiKeys.length; i++) {
      const provider = providers.get(`${deployment.providerId}#${i}`);
      if (provider !== undefined) lanes.push({ provider, key: `cred:${deployment.providerId}#${i}` });
    }
    out.push({ deployment, lanes, firstTokenMs: config.timeouts.firstTokenMs });
  }
  return out;
}

/** Client formats every candidate forwards unchanged; otherwise requests go through the IR. */
export function commonPassthrough(groups: readonly RouteGroup[]): Set<WireFormat> {
  const lanes = groups.flatMap((g) => g.candidates.flatMap((c) => c.lanes));
  const common = new Set<WireFormat>(lanes[0]?.provider.passthrough ?? []);
  for (const lane of lanes) for (const format of common) if (!lane.provider.passthrough.has(format)) common.delete(format);
  return common;
}
