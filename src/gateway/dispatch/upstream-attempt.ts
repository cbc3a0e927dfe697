import type { UpstreamAttempt } from '../../billing/request-log-entry.js';
import type { CatalogueModel, ProviderType } from '../../config/catalogue-types.js';

export type { UpstreamAttempt };

/** A request's body shaped for a fallback model, beside the body the route built its request from. */
export interface ReshapedRequest {
  /** The body as shaped for the model asked for (what the route's request was built from). */
  readonly first: Readonly<Record<string, unknown>>;
  /** The same client body shaped for the fallback model (its output limits, reasoning, modifiers). */
  readonly body: Readonly<Record<string, unknown>>;
  /** The fallback's effective output-token limit, or null on endpoints without one. */
  readonly maxOutputTokens: number | null;
}

/** What the routes and the request record learn from the router about one request. */
export interface RouteObserver {
  /** Every attempt so far, in order. */
  readonly attempts: UpstreamAttempt[];
  /** Called once, when an attempt answered: which model, provider and upstream model serve the request. */
  answered(model: CatalogueModel, providerId: string, upstreamModel: string): void;
  /**
   * The request shaped for another model served by `upstream`, or null when the route shaped none.
   * Throws a GatewayError when that model cannot serve the request (a capability it lacks).
   */
  reshape(model: CatalogueModel, upstream: ProviderType): ReshapedRequest | null;
  /** Prompt tokens the request is expected to use, counted against a deployment's `tpm` until its usage is known. */
  readonly promptTokens: number;
  /** Deployment holding a slot for this request until it ends; released by the router. */
  heldDeployment: string | null;
  /** Tokens counted against {@link heldDeployment}'s `tpm` so far (corrected with the usage at the end). */
  heldTokens: number;
}
