import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { RequestLogEntry } from './request-log-entry.js';
import { insertRequestLogRows } from './request-log-repository.js';
import { insertUsageEvents } from './usage-event-repository.js';

/**
 * Persist a batch of request-log entries and their usage events in one transaction (one multi-row
 * insert each, idempotent by request id, so a retried batch never double-counts).
 */
export async function writeRequestLog(db: Kysely<Database>, entries: readonly RequestLogEntry[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertRequestLogRows(trx, entries);
    await insertUsageEvents(trx, entries);
  });
}
