import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { billingThreadFor } from './billing-thread-client.js';
import type { RequestLogEntry } from './request-log-entry.js';
import { insertRequestLogRows } from './request-log-repository.js';
import { insertUsageEvents } from './usage-event-repository.js';

/**
 * Persist a batch of request-log entries and their usage events in one transaction (idempotent by
 * request id, so a retried batch never double-counts).
 *
 * On a SQLite file the batch goes to `BillingThread.writeLog`: statements prepared once, on
 * this thread's own connection for small batches (and every batch while the thread starts), on the
 * billing thread for the rest. kysely's compile and SQLite's prepare held the event loop for
 * milliseconds per batch. PostgreSQL (asynchronous already), in-memory SQLite (invisible to a second
 * connection) and code run from TypeScript source use the query builder.
 */
export async function writeRequestLog(db: Kysely<Database>, entries: readonly RequestLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const thread = await billingThreadFor(db);
  if (thread !== null) return thread.writeLog(entries);
  await db.transaction().execute(async (trx) => {
    await insertRequestLogRows(trx, entries);
    await insertUsageEvents(trx, entries);
  });
}
