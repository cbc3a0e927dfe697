import { sql, type Kysely } from 'kysely';
import { parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';

/** A key's metered usage as the store saw it at one moment. */
export interface KeyUsageStatistics {
  /** Settled metered cost of requests made since `sinceMs`, nano-USD. */
  readonly settledNano: bigint;
  /** Request time of the newest settled event since `sinceMs`, or null. */
  readonly latestSettledAt: number | null;
  /** Usage events of the key not yet settled. */
  readonly unsettledRecords: number;
}

/** Read a key's statistics for the period starting at `sinceMs` in one statement. */
export async function readKeyUsageStatistics(db: Kysely<Database>, keyId: string, sinceMs: number): Promise<KeyUsageStatistics> {
  const result = await sql<{ settled: string; latest: number | string | null; unsettled: number | string }>`
    SELECT
      CAST(COALESCE(SUM(CASE WHEN settled_at IS NOT NULL AND created_at >= ${sinceMs} THEN cost_nano ELSE 0 END), 0) AS TEXT) AS settled,
      MAX(CASE WHEN settled_at IS NOT NULL AND created_at >= ${sinceMs} THEN created_at END) AS latest,
      COUNT(CASE WHEN settled_at IS NULL THEN 1 END) AS unsettled
    FROM usage_events WHERE key_id = ${keyId}`.execute(db);
  const row = result.rows[0]!;
  return {
    settledNano: parseMoney(row.settled),
    latestSettledAt: row.latest === null ? null : Number(row.latest),
    unsettledRecords: Number(row.unsettled),
  };
}
