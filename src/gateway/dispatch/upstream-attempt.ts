import type { UpstreamAttempt } from '../../billing/request-log-entry.js';
import type { CatalogueModel } from '../../config/catalogue-types.js';

export type { UpstreamAttempt };

/** What the routes and the request record learn from the router about one request. */
export interface RouteObserver {
  /** Every attempt so far, in order. */
  readonly attempts: UpstreamAttempt[];
  /** Called once, when an attempt answered: which model and provider serve the request. */
  answered(model: CatalogueModel, providerId: string): void;
  /** Deployment holding a slot for this request until it ends; released by the router. */
  heldDeployment: string | null;
}
