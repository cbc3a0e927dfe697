import type { IrUsage } from '../protocol/ir/index.js';

/** Inference endpoints, as stored in the request log. */
export type Endpoint = 'chat.completions' | 'completions' | 'embeddings' | 'models' | 'rerank' | 'messages' | 'responses';

/** Where an inference request came from. */
export type RequestSource = 'api' | 'playground';

/** Everything the request log keeps about one inference request. */
export interface RequestLogEntry {
  readonly id: string;
  readonly orgId: string | null;
  readonly projectId: string | null;
  readonly keyId: string | null;
  readonly endpoint: Endpoint;
  /** The model exactly as the client sent it. */
  readonly modelRequested: string | null;
  /** Catalogue id (and version) that served it. */
  readonly modelResolved: string | null;
  readonly providerId: string | null;
  readonly stream: boolean;
  readonly status: number;
  readonly errorCode: string | null;
  readonly latencyMs: number;
  readonly ttftMs: number | null;
  readonly usage: IrUsage | null;
  readonly costNano: bigint;
  /** Request parameters the gateway dropped before calling the upstream. */
  readonly ignoredParams: readonly string[];
  /** End-user id the client sent (`user`), for usage analytics; absent or null for none. */
  readonly user?: string | null;
  /** Request tags (key → value) for usage analytics; absent or empty for none. */
  readonly tags?: Readonly<Record<string, string>>;
  /** Time waiting for a free upstream connection, ms; absent or 0 for none. */
  readonly upstreamWaitMs?: number;
  /** Worst-case cost admission held for the request, nano-USD; absent or null when nothing was held. */
  readonly holdNano?: bigint | null;
  /** Where the request came from: an inference key (`api`, the default) or the console playground (no key). */
  readonly source?: RequestSource;
  /** The console user who made a playground request; absent or null otherwise. */
  readonly userId?: string | null;
  /** Upstream attempts of a routed request, in order (the last one answered, if any); absent when not routed. */
  readonly attempts?: readonly UpstreamAttempt[];
  readonly createdAt: number;
}

/** One upstream call of a routed request. */
export interface UpstreamAttempt {
  /** Catalogue model the attempt served (differs from the requested one on a fallback). */
  readonly model: string;
  /** Deployment key, `provider/upstreamModel`. */
  readonly deployment: string;
  readonly provider: string;
  /** The upstream's HTTP status (200 for the answer), or null when none came (refused, reset, timeout). */
  readonly status: number | null;
  /** Wire error code of a failed attempt, or null. */
  readonly error: string | null;
  /** Milliseconds from sending to the answer or the failure. */
  readonly latencyMs: number;
}
