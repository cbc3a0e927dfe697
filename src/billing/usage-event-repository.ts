import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { RequestLogEntry } from './request-log-entry.js';

/** Rows per statement, below both engines' bind-parameter limits. */
const ROWS_PER_STATEMENT = 500;

/**
 * Append the usage events of metered requests (the outbox that settlement turns into ledger
 * debits), idempotent by request id. Entries without a key or usage bill nothing and are skipped.
 */
export async function insertUsageEvents(db: Kysely<Database>, entries: readonly RequestLogEntry[]): Promise<void> {
  const billable = entries.filter((e) => e.usage !== null && e.orgId !== null && e.projectId !== null && e.keyId !== null);
  for (let i = 0; i < billable.length; i += ROWS_PER_STATEMENT) {
    const values = billable.slice(i, i + ROWS_PER_STATEMENT).map((e) => ({
      id: e.id,
      org_id: e.orgId!,
      project_id: e.projectId!,
      key_id: e.keyId!,
      model: e.modelResolved ?? e.modelRequested ?? '',
      cost_nano: e.costNano,
      input_tokens: e.usage!.input.total,
      output_tokens: e.usage!.output.total,
      usage_source: e.usage!.source,
      created_at: e.createdAt,
      settled_at: null,
    }));
    await db.insertInto('usage_events').values(values).onConflict((oc) => oc.column('id').doNothing()).execute();
  }
}
