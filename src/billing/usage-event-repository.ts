import type { Kysely } from 'kysely';
import type { Database, UsageEventsTable } from '../store/schema.js';
import type { RequestLogEntry } from './request-log-entry.js';

/** Rows per statement, below both engines' bind-parameter limits. */
const ROWS_PER_STATEMENT = 500;

/**
 * Append the usage events of metered requests (the outbox that settlement turns into ledger
 * debits), idempotent by request id. Entries without a key or usage bill nothing and are skipped.
 */
export async function insertUsageEvents(db: Kysely<Database>, entries: readonly RequestLogEntry[]): Promise<void> {
  const billable = entries.filter(isBillable);
  for (let i = 0; i < billable.length; i += ROWS_PER_STATEMENT) {
    const values = billable.slice(i, i + ROWS_PER_STATEMENT).map(toUsageEvent);
    await db.insertInto('usage_events').values(values).onConflict((oc) => oc.column('id').doNothing()).execute();
  }
}

/** Whether an entry bills something (it has usage and a key, or came from the playground); only those get a usage event. */
export function isBillable(entry: RequestLogEntry): boolean {
  return entry.usage !== null && entry.orgId !== null && entry.projectId !== null && (entry.keyId !== null || entry.source === 'playground');
}

/** The columns {@link usageEventValues} fills, in order (for writers that bind positional parameters). */
export const USAGE_EVENT_COLUMNS = [
  'id', 'org_id', 'project_id', 'key_id', 'model', 'cost_nano', 'input_tokens', 'output_tokens', 'usage_source', 'created_at', 'settled_at',
] as const satisfies readonly (keyof UsageEventsTable)[];

/** Fails to compile when a column of `usage_events` is missing from {@link USAGE_EVENT_COLUMNS} (the SQLite worker would drop it). */
export type UsageEventColumnsComplete = AllListed<Exclude<keyof UsageEventsTable, (typeof USAGE_EVENT_COLUMNS)[number]>>;
type AllListed<Missing extends never> = Missing;

/** The stored values of a billable entry's usage event in {@link USAGE_EVENT_COLUMNS} order. */
export function usageEventValues(entry: RequestLogEntry): unknown[] {
  const row = toUsageEvent(entry);
  return USAGE_EVENT_COLUMNS.map((column) => row[column]);
}

function toUsageEvent(e: RequestLogEntry) {
  return {
    id: e.id,
    org_id: e.orgId!,
    project_id: e.projectId!,
    // The column is NOT NULL: a playground request (no key) is stored with '' (rolled up under key '').
    key_id: e.keyId ?? '',
    model: e.modelResolved ?? e.modelRequested ?? '',
    cost_nano: e.costNano,
    input_tokens: e.usage!.input.total,
    output_tokens: e.usage!.output.total,
    usage_source: e.usage!.source,
    created_at: e.createdAt,
    settled_at: null,
  };
}
