import type { Kysely } from 'kysely';
import { parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';

/** One hour in ms: rollups are bucketed by the UTC hour of the request. */
export const HOUR_MS = 3_600_000;

/** Summed measures of a set of requests (exact: bigint). */
export interface UsageMeasures {
  /** Requests. */
  requests: bigint;
  /** Prompt tokens. */
  inputTokens: bigint;
  /** Generated tokens. */
  outputTokens: bigint;
  /** Cached prompt tokens. */
  cachedTokens: bigint;
  /** Reasoning tokens. */
  reasoningTokens: bigint;
  /** Cost, nano-USD. */
  costNano: bigint;
}

/** Zeroed measures. */
export function emptyMeasures(): UsageMeasures {
  return { requests: 0n, inputTokens: 0n, outputTokens: 0n, cachedTokens: 0n, reasoningTokens: 0n, costNano: 0n };
}

/** Add `b` into `a`. */
export function addMeasures(a: UsageMeasures, b: UsageMeasures): void {
  a.requests += b.requests;
  a.inputTokens += b.inputTokens;
  a.outputTokens += b.outputTokens;
  a.cachedTokens += b.cachedTokens;
  a.reasoningTokens += b.reasoningTokens;
  a.costNano += b.costNano;
}

const MEASURE_COLUMNS = ['requests', 'input_tokens', 'output_tokens', 'cached_tokens', 'reasoning_tokens', 'cost_nano'] as const;
const ROWS_PER_STATEMENT = 400;

/** One settled usage event with what the rollups need from its request-log row (absent: nulls). */
export interface SettledUsage {
  readonly org_id: string;
  readonly project_id: string;
  readonly key_id: string;
  readonly model: string;
  readonly created_at: number | string;
  readonly input_tokens: number | string;
  readonly output_tokens: number | string;
  readonly cached_tokens: number | string | null;
  readonly reasoning_tokens: number | string | null;
  readonly end_user: string | null;
  /** The person who sent a playground request (null for key requests). */
  readonly user_id: string | null;
  readonly tags: string | null;
  /** Cost as money text (what the ledger debits). */
  readonly cost: string;
}

/**
 * Add settled usage events to the hourly rollups (per end user, per key and model without the end
 * user, per tag), inside the settlement transaction: an event is
 * claimed exactly once (settle-usage.ts), so it is rolled up exactly once. Cost comes from the event
 * (what the ledger debits); the end user, the playground's person, tags, cached and reasoning tokens from its request-log row.
 * Events are folded into one row per group first, so a pass writes one upsert row per group.
 */
export async function rollUpSettledUsage(trx: Kysely<Database>, events: readonly SettledUsage[]): Promise<void> {
  if (events.length === 0) return;
  const main = new Groups();
  const perKey = new Groups();
  const tagged = new Groups();
  for (const e of events) {
    const hour = String(Number(e.created_at) - (Number(e.created_at) % HOUR_MS));
    const m: UsageMeasures = {
      requests: 1n, inputTokens: BigInt(e.input_tokens), outputTokens: BigInt(e.output_tokens), cachedTokens: BigInt(e.cached_tokens ?? 0),
      reasoningTokens: BigInt(e.reasoning_tokens ?? 0), costNano: parseMoney(e.cost),
    };
    main.add([e.org_id, hour, e.project_id, e.key_id, e.user_id ?? '', e.model, e.end_user ?? ''], m);
    perKey.add([e.org_id, hour, e.project_id, e.key_id, e.user_id ?? '', e.model], m);
    const tags = e.tags === null || e.tags === undefined ? {} : (JSON.parse(e.tags) as Record<string, string>);
    for (const [key, value] of Object.entries(tags)) tagged.add([e.org_id, hour, e.project_id, key, value], m);
  }
  await upsert(trx, 'usage_rollups', ['org_id', 'hour', 'project_id', 'key_id', 'user_id', 'model', 'end_user'], main.rows());
  await upsert(trx, 'usage_key_rollups', ['org_id', 'hour', 'project_id', 'key_id', 'user_id', 'model'], perKey.rows());
  await upsert(trx, 'usage_tag_rollups', ['org_id', 'hour', 'project_id', 'tag_key', 'tag_value'], tagged.rows());
}

/** Rollup rows of a pass by their dimensions, with their summed measures. */
class Groups {
  private readonly byId = new Map<string, { dims: readonly string[]; m: UsageMeasures }>();
  /**
   * The group the previous event joined. The events of a pass come oldest first and mostly share
   * their group (one key, model and hour), so comparing the dimensions with it spares the
   * `JSON.stringify` key of most events (≈2 µs each on the billing thread).
   */
  private last: { dims: readonly string[]; m: UsageMeasures } | null = null;

  add(dims: readonly string[], m: UsageMeasures): void {
    const last = this.last;
    if (last !== null && sameDims(last.dims, dims)) return addMeasures(last.m, m);
    const id = JSON.stringify(dims);
    let found = this.byId.get(id);
    if (found === undefined) this.byId.set(id, (found = { dims, m: { ...m } }));
    else addMeasures(found.m, m);
    this.last = found;
  }

  rows(): { dims: readonly string[]; m: UsageMeasures }[] {
    return [...this.byId.values()];
  }
}

function sameDims(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

async function upsert(
  trx: Kysely<Database>,
  table: 'usage_rollups' | 'usage_key_rollups' | 'usage_tag_rollups',
  dimColumns: readonly string[],
  rows: readonly { dims: readonly string[]; m: UsageMeasures }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows.slice(i, i + ROWS_PER_STATEMENT).map(({ dims, m }) => {
      const row: Record<string, string | number | bigint> = {};
      dimColumns.forEach((column, at) => (row[column] = column === 'hour' ? Number(dims[at]) : (dims[at] ?? '')));
      return { ...row, requests: m.requests, input_tokens: m.inputTokens, output_tokens: m.outputTokens, cached_tokens: m.cachedTokens, reasoning_tokens: m.reasoningTokens, cost_nano: m.costNano };
    });
    // Two settlers may touch the same hour: the upsert adds to the stored sums instead of replacing them.
    // One loosely typed builder serves both tables, whose dimension columns differ; the rows are built above.
    await (trx as unknown as Kysely<Record<string, Record<string, string | number | bigint>>>)
      .insertInto(table)
      .values(values)
      .onConflict((oc) =>
        oc.columns(dimColumns as string[]).doUpdateSet((eb) => Object.fromEntries(MEASURE_COLUMNS.map((c) => [c, eb(eb.ref(`${table}.${c}`), '+', eb.ref(`excluded.${c}`))]))),
      )
      .execute();
  }
}
