import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

/** A claimed delivery with what the attempt needs. */
export interface ClaimedDelivery {
  /** `whd_...` id. */
  readonly id: string;
  /** `evt_...` id, sent as `webhook-id`. */
  readonly eventId: string;
  /** The stored payload, sent as the body unchanged. */
  readonly payload: string;
  /** Attempts made before this one. */
  readonly attempts: number;
  /** The worker's claim; the outcome is written only while it still holds. */
  readonly lockedUntil: number;
  /** Endpoint URL. */
  readonly url: string;
  /** Whether the endpoint is still enabled (a disabled one gets nothing). */
  readonly enabled: boolean;
  /** Secrets to sign with, current first. */
  readonly secrets: readonly string[];
}

/**
 * Claim up to `limit` due deliveries for `lockMs`. Each row is taken by a conditional UPDATE that
 * re-checks it is still pending, due and unclaimed, so of two workers on one database only one wins
 * a row (on PostgreSQL the second UPDATE re-evaluates its WHERE on the committed row and matches
 * nothing). A worker that dies leaves its claim to expire, and the row is retried after it.
 */
export async function claimDueDeliveries(db: Kysely<Database>, input: { readonly now: number; readonly limit: number; readonly lockMs: number }): Promise<ClaimedDelivery[]> {
  if (input.limit <= 0) return [];
  const candidates = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', input.now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', input.now)]))
    .orderBy('next_attempt_at')
    .limit(input.limit)
    .execute();
  const lockedUntil = input.now + input.lockMs;
  const claimed: string[] = [];
  for (const { id } of candidates) {
    const result = await db
      .updateTable('webhook_deliveries')
      .set({ locked_until: lockedUntil })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', input.now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', input.now)]))
      .executeTakeFirst();
    if (result.numUpdatedRows === 1n) claimed.push(id);
  }
  if (claimed.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .select(['d.id', 'd.event_id', 'd.attempts', 'e.payload', 'w.url', 'w.enabled', 'w.secret', 'w.previous_secret', 'w.previous_secret_expires_at'])
    .where('d.id', 'in', claimed)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    payload: r.payload,
    attempts: Number(r.attempts),
    lockedUntil,
    url: r.url,
    enabled: Number(r.enabled) === 1,
    secrets: r.previous_secret !== null && r.previous_secret_expires_at !== null && Number(r.previous_secret_expires_at) > input.now
      ? [r.secret, r.previous_secret]
      : [r.secret],
  }));
}

/** How an attempt ended. */
export interface AttemptOutcome {
  /** `succeeded`, `failed` (gave up) or `pending` (retry at `nextAttemptAt`). */
  readonly status: 'succeeded' | 'failed' | 'pending';
  /** Attempts made including this one. */
  readonly attempts: number;
  /** HTTP status received, or null (no answer). */
  readonly httpStatus: number | null;
  /** Why it failed, or null. */
  readonly error: string | null;
  /** Next attempt time (pending), else the attempt time. */
  readonly nextAttemptAt: number;
  /** Attempt time. */
  readonly at: number;
  /**
   * What this attempt sent and got, stored as the delivery's attempt number `attempts`; null when
   * no POST was made (the endpoint was disabled meanwhile).
   */
  readonly attempt: { readonly latencyMs: number; readonly responseBody: string | null } | null;
}

/**
 * Record an attempt's outcome and release the claim, with the attempt in the delivery's history, in
 * one transaction; ignored (nothing written) if the claim was lost meanwhile.
 */
export async function recordAttempt(db: Kysely<Database>, delivery: ClaimedDelivery, outcome: AttemptOutcome): Promise<boolean> {
  const error = outcome.error === null ? null : outcome.error.slice(0, 500);
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('webhook_deliveries')
      .set({
        status: outcome.status,
        attempts: outcome.attempts,
        last_status: outcome.httpStatus,
        last_error: error,
        last_attempt_at: outcome.at,
        next_attempt_at: outcome.nextAttemptAt,
        locked_until: null,
      })
      .where('id', '=', delivery.id)
      .where('locked_until', '=', delivery.lockedUntil)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    if (outcome.attempt !== null) {
      await trx.insertInto('webhook_delivery_attempts').values({
        delivery_id: delivery.id, attempt: outcome.attempts, attempted_at: outcome.at, response_status: outcome.httpStatus,
        latency_ms: outcome.attempt.latencyMs, error, response_body: outcome.attempt.responseBody,
      }).execute();
    }
    return true;
  });
}

/** Rows per retention statement: a month of deliveries goes in many short transactions, never one long one. */
const RETENTION_BATCH = 500;

/**
 * Retention: delete deliveries created before `before` that are finished (with their attempts), then events created
 * before it that have no delivery left and no dedupe key. Events with a dedupe key are kept (small
 * rows) because the key is what stops a fact being announced again after a restart. Works in batches of
 * `batch` rows, each its own transaction, so a large backlog never holds SQLite's single writer (or
 * PostgreSQL's row locks) for long; every delete re-checks its condition, so a delivery that was
 * redelivered meanwhile is kept with its attempts.
 */
export async function deleteOldDeliveries(db: Kysely<Database>, before: number, batch = RETENTION_BATCH): Promise<{ deliveries: number; events: number }> {
  const finished = (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) => eb.and([eb('created_at', '<', before), eb('status', '!=', 'pending')]);
  let deliveries = 0;
  for (let more = true; more; ) {
    more = await db.transaction().execute(async (trx) => {
      const ids = (await trx.selectFrom('webhook_deliveries').select('id').where(finished).limit(batch).execute()).map((row) => row.id);
      if (ids.length === 0) return false;
      await trx
        .deleteFrom('webhook_delivery_attempts')
        .where('delivery_id', 'in', (eb) => eb.selectFrom('webhook_deliveries').select('id').where('id', 'in', ids).where(finished))
        .execute();
      const deleted = await trx.deleteFrom('webhook_deliveries').where('id', 'in', ids).where(finished).executeTakeFirst();
      deliveries += Number(deleted.numDeletedRows);
      return ids.length === batch;
    });
  }
  let events = 0;
  for (let more = true; more; ) {
    const unused = (eb: ExpressionBuilder<Database, 'webhook_events'>) =>
      eb.and([
        eb('created_at', '<', before),
        eb('dedupe_key', 'is', null),
        eb.not(eb.exists(eb.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'webhook_events.id'))),
      ]);
    const ids = (await db.selectFrom('webhook_events').select('id').where(unused).limit(batch).execute()).map((row) => row.id);
    if (ids.length === 0) break;
    const deleted = await db.deleteFrom('webhook_events').where('id', 'in', ids).where(unused).executeTakeFirst();
    events += Number(deleted.numDeletedRows);
    more = ids.length === batch;
  }
  return { deliveries, events };
}
