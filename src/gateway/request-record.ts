import type { CachedKey } from '../auth/key-cache.js';
import { isGatewayError } from '../core/errors.js';
import type { IrUsage } from '../protocol/ir/index.js';
import type { Endpoint, RequestLogEntry } from '../billing/request-log-entry.js';
import type { DurableFinish } from './durable-finish.js';
import { RequestActivity } from './request-activity.js';
import type { UpstreamAttempt } from '../billing/request-log-entry.js';

export type { Endpoint, RequestLogEntry } from '../billing/request-log-entry.js';

/** Collects the facts of one request as it runs, then emits one log entry exactly once. */
export class RequestRecord {
  key: CachedKey | null = null;
  modelRequested: string | null = null;
  modelResolved: string | null = null;
  providerId: string | null = null;
  stream = false;
  usage: IrUsage | null = null;
  costNano = 0n;
  /** Parameters dropped before the upstream call (reported to the client and logged). */
  ignoredParams: readonly string[] = [];
  /** End-user id the client sent, for usage analytics. */
  user: string | null = null;
  /** Request tags, for usage analytics. */
  tags: Readonly<Record<string, string>> = {};
  /** Time spent waiting for a free upstream connection (the provider's `maxConnections`), ms. */
  upstreamWaitMs = 0;
  /** Worst-case cost admission held, nano-USD (set once admitted), or null. */
  holdNano: bigint | null = null;
  /** Upstream attempts of a routed request (deployment, status, error, latency); null when not routed. */
  attempts: readonly UpstreamAttempt[] | null = null;
  private firstByteAt: number | null = null;
  private done = false;

  constructor(
    readonly id: string,
    readonly endpoint: Endpoint,
    private readonly startedAt: number,
    private readonly now: () => number,
    private readonly sink: (entry: RequestLogEntry) => Promise<void> | void,
    private readonly activity: RequestActivity = UNCOUNTED,
    private readonly durable: DurableFinish | null = null,
  ) {
    activity.inFlight++;
  }

  /** Mark the moment the first byte of the answer went to the client. */
  markFirstByte(): void {
    if (this.firstByteAt !== null) return;
    this.firstByteAt = this.now();
    if (this.stream) this.activity.streaming++;
  }

  /** Set the metered usage and its cost. */
  setUsage(usage: IrUsage, costNano: bigint): void {
    this.usage = usage;
    this.costNano = costNano;
  }

  /**
   * Finish as {@link finish} does, then wait until the entry is committed (bounded: see
   * `DurableFinish`). Call right before the last bytes of an answer the client will receive in full.
   */
  finishDurably(status: number, error?: unknown): Promise<void> {
    if (this.done) return Promise.resolve();
    const committed = this.finish(status, error);
    return this.durable === null ? Promise.resolve() : this.durable.wait(this.id, committed);
  }

  /**
   * Finish with an HTTP status and the error (a GatewayError or a wire code), if any; later calls are
   * ignored. Returns the sink's commit of the entry, which nobody need wait for.
   */
  finish(status: number, error?: unknown): Promise<void> | void {
    if (this.done) return;
    this.done = true;
    this.activity.inFlight--;
    if (this.stream && this.firstByteAt !== null) this.activity.streaming--;
    const end = this.now();
    return this.sink({
      id: this.id,
      orgId: this.key?.orgId ?? null,
      projectId: this.key?.projectId ?? null,
      keyId: this.key === null || this.key.playgroundUserId !== undefined ? null : this.key.id,
      endpoint: this.endpoint,
      modelRequested: this.modelRequested,
      modelResolved: this.modelResolved,
      providerId: this.providerId,
      stream: this.stream,
      status,
      errorCode: error === undefined ? null : isGatewayError(error) ? error.wireCode : typeof error === 'string' ? error : 'internal_error',
      latencyMs: end - this.startedAt,
      ttftMs: this.firstByteAt === null ? null : this.firstByteAt - this.startedAt,
      usage: this.usage,
      costNano: this.costNano,
      ignoredParams: this.ignoredParams,
      user: this.user,
      tags: this.tags,
      upstreamWaitMs: this.upstreamWaitMs,
      holdNano: this.holdNano,
      source: this.key?.playgroundUserId === undefined ? 'api' : 'playground',
      userId: this.key?.playgroundUserId ?? null,
      ...(this.attempts === null ? {} : { attempts: this.attempts }),
      createdAt: this.startedAt,
    });
  }
}

/** Where records without an activity counter count (nobody reads it). */
const UNCOUNTED = new RequestActivity();
