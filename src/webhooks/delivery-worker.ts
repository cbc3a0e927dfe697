import type { Kysely } from 'kysely';
import type { Agent } from 'undici';
import { loadUndici } from '../core/load-undici.js';
import type { Database } from '../store/schema.js';
import { claimDueDeliveries, deleteOldDeliveries, recordAttempt, type ClaimedDelivery } from './delivery-queue.js';
import { postWebhook } from './post-webhook.js';
import { publicOnlyLookup } from './receiver-address-guard.js';
import { DEFAULT_RETRY_SCHEDULE_MS, nextAttemptAt } from './retry-schedule.js';
import { signWebhook } from './sign-webhook.js';

/** How long deliveries and events are kept: 30 days. */
export const WEBHOOK_RETENTION_MS = 30 * 24 * 3_600_000;

/** Options of a {@link WebhookDeliveryWorker}; only `db` is required. */
export interface DeliveryWorkerOptions {
  /** The store holding the queue (every process on one database runs a worker; claims keep it safe). */
  readonly db: Kysely<Database>;
  /** Clock, ms (default `Date.now`). */
  readonly now?: () => number;
  /** Pause between polls for due deliveries, ms (default 500). */
  readonly pollMs?: number;
  /** Attempts in flight at once in this worker (default 8). */
  readonly concurrency?: number;
  /** Pause before each retry (default {@link DEFAULT_RETRY_SCHEDULE_MS}); attempts = length + 1. */
  readonly retryScheduleMs?: readonly number[];
  /** Bound on one attempt, ms (default 10 s). */
  readonly timeoutMs?: number;
  /** How long a claim lasts, ms (default timeout + 30 s); a dead worker's row is retried after it. */
  readonly lockMs?: number;
  /** Age after which finished deliveries and their events are deleted, ms (default 30 days). */
  readonly retentionMs?: number;
  /** Pause between retention sweeps, ms (default 1 h). */
  readonly retentionEveryMs?: number;
  /** Told about store errors (the worker keeps polling). */
  readonly onError?: (error: unknown, what: string) => void;
  /**
   * Deliver to loopback, private and link-local addresses too (default false: organization admins
   * choose the URLs, so the default refuses anything that points into the operator's network).
   */
  readonly allowPrivateNetworks?: boolean;
}

/**
 * The webhook delivery worker: polls the durable queue (`webhook_deliveries`, filled by
 * `emitWebhookEvent` inside the transaction of each change), claims due rows, POSTs each signed
 * payload and records the outcome with the retry schedule. Requests never wait on it.
 */
export class WebhookDeliveryWorker {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;
  readonly #pollMs: number;
  readonly #concurrency: number;
  readonly #schedule: readonly number[];
  readonly #timeoutMs: number;
  readonly #lockMs: number;
  readonly #retentionMs: number;
  readonly #retentionEveryMs: number;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #allowPrivate: boolean;
  #agent: Agent | null = null;
  readonly #inFlight = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #polling: Promise<void> | null = null;
  #running = false;
  #lastRetention = 0;

  constructor(options: DeliveryWorkerOptions) {
    this.#db = options.db;
    this.#now = options.now ?? Date.now;
    this.#pollMs = options.pollMs ?? 500;
    this.#concurrency = options.concurrency ?? 8;
    this.#schedule = options.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#lockMs = options.lockMs ?? this.#timeoutMs + 30_000;
    this.#retentionMs = options.retentionMs ?? WEBHOOK_RETENTION_MS;
    this.#retentionEveryMs = options.retentionEveryMs ?? 3_600_000;
    this.#onError = options.onError ?? (() => undefined);
    this.#allowPrivate = options.allowPrivateNetworks ?? false;
  }

  /** The connection pool, opened with the first delivery (most gateways send none: undici loads then). */
  #dispatcher(): Agent {
    // Names are checked after resolution, at connect time, so DNS cannot point a delivery inward.
    this.#agent ??= new (loadUndici().Agent)({ connect: { timeout: 10_000, ...(this.#allowPrivate ? {} : { lookup: publicOnlyLookup }) }, keepAliveTimeout: 4_000 });
    return this.#agent;
  }

  /** Start polling. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedulePoll(0);
  }

  /**
   * Stop claiming. Attempts in flight are awaited (each is bounded by the timeout) so their outcome
   * is recorded; nothing else is flushed, since unclaimed rows simply wait in the queue.
   */
  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#polling;
    await Promise.allSettled([...this.#inFlight]);
    const agent = this.#agent;
    this.#agent = null;
    await agent?.close().catch(() => undefined);
  }

  /** Run one poll now: claim what is due and wait until those attempts end (tests, operator tools). */
  async runOnce(): Promise<number> {
    const started = await this.#claimAndSend();
    await Promise.allSettled(started);
    return started.length;
  }

  #schedulePoll(delay: number): void {
    if (!this.#running) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#polling = this.#poll().finally(() => {
        this.#polling = null;
        this.#schedulePoll(this.#pollMs);
      });
    }, delay);
    this.#timer.unref();
  }

  async #poll(): Promise<void> {
    try {
      await this.#claimAndSend();
      if (this.#now() - this.#lastRetention >= this.#retentionEveryMs) {
        this.#lastRetention = this.#now();
        await deleteOldDeliveries(this.#db, this.#now() - this.#retentionMs);
      }
    } catch (error) {
      this.#onError(error, 'webhook delivery poll');
    }
  }

  async #claimAndSend(): Promise<Promise<void>[]> {
    const free = this.#concurrency - this.#inFlight.size;
    if (free <= 0) return [];
    const claimed = await claimDueDeliveries(this.#db, { now: this.#now(), limit: free, lockMs: this.#lockMs });
    return claimed.map((delivery) => {
      const attempt = this.#attempt(delivery).catch((error: unknown) => this.#onError(error, 'webhook delivery attempt'));
      this.#inFlight.add(attempt);
      void attempt.finally(() => this.#inFlight.delete(attempt));
      return attempt;
    });
  }

  async #attempt(delivery: ClaimedDelivery): Promise<void> {
    // The endpoint was disabled after the event was queued: it gets nothing.
    if (!delivery.enabled) {
      const at = this.#now();
      await recordAttempt(this.#db, delivery, { status: 'failed', attempts: delivery.attempts, httpStatus: null, error: 'endpoint disabled', nextAttemptAt: at, at, attempt: null });
      return;
    }
    const at = this.#now();
    const headers = await signWebhook({ id: delivery.eventId, timestampMs: at, body: delivery.payload, secrets: delivery.secrets });
    const sent = performance.now();
    const result = await postWebhook({ url: delivery.url, headers, body: delivery.payload, timeoutMs: this.#timeoutMs, dispatcher: this.#dispatcher(), allowPrivate: this.#allowPrivate });
    const attempt = { latencyMs: Math.round(performance.now() - sent), responseBody: result.responseBody };
    const attempts = delivery.attempts + 1;
    const done = this.#now();
    if (result.error === null) {
      await recordAttempt(this.#db, delivery, { status: 'succeeded', attempts, httpStatus: result.status, error: null, nextAttemptAt: done, at, attempt });
      return;
    }
    const next = nextAttemptAt(this.#schedule, attempts, done);
    await recordAttempt(this.#db, delivery, {
      status: next === null ? 'failed' : 'pending', attempts, httpStatus: result.status, error: result.error, nextAttemptAt: next ?? done, at, attempt,
    });
  }
}
