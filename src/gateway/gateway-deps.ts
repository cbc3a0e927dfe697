import type { KeyCache } from '../auth/key-cache.js';
import type { ModelAccessCache } from '../catalog/model-access-cache.js';
import type { Catalogue } from '../config/catalogue-types.js';
import type { Provider } from '../providers/provider.js';
import type { AdmissionService } from './admission/admission-service.js';
import type { KeySelfCheck } from './admission/key-self-check.js';
import type { Router } from './dispatch/router.js';
import type { DurableFinish } from './durable-finish.js';
import type { RequestActivity } from './request-activity.js';
import type { RequestLogEntry } from './request-record.js';
import type { RequestTracer } from './request-tracer.js';

/** What the gateway routes need, injected by the composition root. */
export interface GatewayDeps {
  /** The current catalogue (swapped atomically on reload). */
  readonly catalogue: () => Catalogue;
  /** Providers by catalogue id, matching the current catalogue. */
  readonly providers: () => ReadonlyMap<string, Provider>;
  readonly keys: KeyCache;
  /** Organization and project aliases and organization allowed-model lists. */
  readonly modelAccess: ModelAccessCache;
  /**
   * Receives one entry per request; must not block. May return the entry's commit (resolves once it
   * and its usage event are durable, never rejects), which answers wait for through `durableFinish`.
   */
  readonly recordRequest: (entry: RequestLogEntry) => Promise<void> | void;
  /** The bounded wait for that commit before an answer's last bytes; absent: answers never wait. */
  readonly durableFinish?: DurableFinish;
  /** Admission (holds, budgets, rate limits) and the key self-check (issue 4). */
  readonly metering: GatewayMetering;
  /** Milliseconds since epoch. */
  readonly now: () => number;
  /** Counts requests in flight and streams open (for metrics); absent: not counted. */
  readonly activity?: RequestActivity;
  /** Retries, fallbacks and cooldowns for models that route; absent: every model takes its one provider. */
  readonly router?: Router;
  /** Opens a span per request when tracing is on; absent or null: no tracing. */
  readonly tracer?: RequestTracer | null;
}

/** The metering services the routes use. */
export interface GatewayMetering {
  /** Holds money and counts rate limits before the upstream is called. */
  readonly admission: AdmissionService;
  /** Answers `GET /v1/key`. */
  readonly selfCheck: KeySelfCheck;
}
