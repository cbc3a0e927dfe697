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
 * On a SQLite file the batch goes to the billing thread (`billing-thread.ts`), which has its own
 * connection and statements prepared once: the insert then costs the request path only a message,
 * where kysely's compile, SQLite's prepare and the synchronous insert blocked the event loop for
 * milliseconds per batch. PostgreSQL (asynchronous already), in-memory SQLite (invisible to a second
 * connection) and code run from TypeScript source use the query builder, and so do the batches
 * written while the thread is still starting (both paths are idempotent by request id).
 */
export async function writeRequestLog(db: Kysely<Database>, entries: readonly RequestLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const thread = await billingThreadFor(db);
  if (thread !== null && thread.ready) return thread.writeLog(entries);
  // The thread is starting (the first request starts it): these batches go through this connection.
  thread?.start();
  await db.transaction().execute(async (trx) => {
    await insertRequestLogRows(trx, entries);
    await insertUsageEvents(trx, entries);
  });
}
