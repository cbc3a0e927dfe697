import { sql, type Kysely } from 'kysely';
import { HOUR_MS, addMeasures, emptyMeasures, type UsageMeasures } from '../../billing/usage-rollups.js';
import { parseMoney, sumMoneyText } from '../../store/money-column.js';
import type { Database } from '../../store/schema.js';
import type { UsageGroupBy } from './schema.js';

/** Whose usage: an organization, or one of its projects. */
export interface UsageScope {
  /** Organization. */
  readonly orgId: string;
  /** Project, or null for the whole organization. */
  readonly projectId: string | null;
}

/** One hour (or day) of one group, as read from the rollups. */
export interface HourlyUsage {
  /** Start of the hour (or UTC day), ms. */
  readonly hour: number;
  /** Group value, or null (no grouping, no such tag, key created by the operator). */
  readonly group: string | null;
  /** Summed measures. */
  readonly measures: UsageMeasures;
}

/** The `key` group of playground usage (no key): `playground:` and the person who sent it. */
export const PLAYGROUND_KEY_PREFIX = 'playground:';

// What each dimension reads. `member` is the person behind the usage: the playground's sender, else
// the key's creator (api_key_settings); `key` names playground usage per person, as it has no key.
const DIMENSION_COLUMN = {
  project: sql<string | null>`r.project_id`,
  key: sql<string | null>`CASE WHEN r.key_id = '' THEN ${sql.lit(PLAYGROUND_KEY_PREFIX)} || r.user_id ELSE r.key_id END`,
  model: sql<string | null>`r.model`,
  user: sql<string | null>`r.end_user`,
  member: sql<string | null>`CASE WHEN r.user_id <> '' THEN r.user_id ELSE s.created_by END`,
} as const;

/**
 * Read sums in [from, to) from the rollups per `bucketMs` (an hour, or a UTC day: summing days in SQL
 * sends 24 times fewer rows to fold into days or months), grouped by one dimension. A tag grouping reads
 * the tag rollups and reports requests without that tag as a null group (total minus tagged), so
 * every grouping adds up to the same totals.
 */
export async function readHourlyUsage(db: Kysely<Database>, scope: UsageScope, range: TimeRange, groupBy: UsageGroupBy | null): Promise<HourlyUsage[]> {
  if (groupBy === null || !groupBy.startsWith('tag:')) return readMain(db, scope, range, groupBy as keyof typeof DIMENSION_COLUMN | null);
  const tagged = await readTagged(db, scope, range, groupBy.slice('tag:'.length));
  const totals = await readMain(db, scope, range, null);
  const taggedPerHour = new Map<number, UsageMeasures>();
  for (const row of tagged) {
    const sum = taggedPerHour.get(row.hour) ?? emptyMeasures();
    addMeasures(sum, row.measures);
    taggedPerHour.set(row.hour, sum);
  }
  const untagged: HourlyUsage[] = [];
  for (const total of totals) {
    const rest = { ...total.measures };
    const sum = taggedPerHour.get(total.hour);
    if (sum !== undefined) subtract(rest, sum);
    if (rest.requests > 0n) untagged.push({ hour: total.hour, group: null, measures: rest });
  }
  return [...tagged, ...untagged];
}

async function readMain(db: Kysely<Database>, scope: UsageScope, { from, to, bucketMs }: TimeRange, dimension: keyof typeof DIMENSION_COLUMN | null): Promise<HourlyUsage[]> {
  const bucket = bucketOf(bucketMs);
  const group = dimension === null ? sql<string | null>`NULL` : DIMENSION_COLUMN[dimension];
  // Only the end user needs the per-end-user rows; every other grouping reads the rollups without
  // it (the same sums in several times fewer rows).
  const table = dimension === 'user' ? 'usage_rollups as r' : 'usage_key_rollups as r';
  const rows = await db
    .selectFrom(table)
    .$if(dimension === 'member', (q) => q.leftJoin('api_key_settings as s', 's.key_id', 'r.key_id'))
    .select([bucket.as('hour'), group.as('grp'), ...measureSums('r')])
    .where('r.org_id', '=', scope.orgId)
    .$if(scope.projectId !== null, (q) => q.where('r.project_id', '=', scope.projectId!))
    .where('r.hour', '>=', from)
    .where('r.hour', '<', to)
    .groupBy(dimension === null ? [bucket] : [bucket, group])
    .execute();
  return rows.map((row) => ({ hour: Number(row.hour), group: dimension === 'user' && row.grp === '' ? null : row.grp, measures: toMeasures(row) }));
}

async function readTagged(db: Kysely<Database>, scope: UsageScope, { from, to, bucketMs }: TimeRange, tagKey: string): Promise<HourlyUsage[]> {
  const bucket = bucketOf(bucketMs);
  const rows = await db
    .selectFrom('usage_tag_rollups as r')
    .select([bucket.as('hour'), sql<string>`r.tag_value`.as('grp'), ...measureSums('r')])
    .where('r.org_id', '=', scope.orgId)
    .$if(scope.projectId !== null, (q) => q.where('r.project_id', '=', scope.projectId!))
    .where('r.tag_key', '=', tagKey)
    .where('r.hour', '>=', from)
    .where('r.hour', '<', to)
    .groupBy([bucket, sql`r.tag_value`])
    .execute();
  return rows.map((row) => ({ hour: Number(row.hour), group: row.grp, measures: toMeasures(row) }));
}

/** The hour-aligned range read and the bucket summed in SQL. */
export interface TimeRange {
  /** Start, ms (inclusive). */
  readonly from: number;
  /** End, ms (exclusive). */
  readonly to: number;
  /** Bucket summed in SQL: an hour or a day, ms. */
  readonly bucketMs: number;
}

// The bucket is a literal, not a parameter: PostgreSQL matches GROUP BY to SELECT expressions textually.
function bucketOf(bucketMs: number) {
  return bucketMs === HOUR_MS ? sql<number>`r.hour` : sql<number>`r.hour - (r.hour % ${sql.lit(bucketMs)})`;
}

// Sums are read as text and converted with BigInt: exact on both engines (pg returns BIGINT sums as strings).
function measureSums(alias: string) {
  return [
    sumMoneyText(`${alias}.requests`).as('requests'),
    sumMoneyText(`${alias}.input_tokens`).as('input_tokens'),
    sumMoneyText(`${alias}.output_tokens`).as('output_tokens'),
    sumMoneyText(`${alias}.cached_tokens`).as('cached_tokens'),
    sumMoneyText(`${alias}.reasoning_tokens`).as('reasoning_tokens'),
    sumMoneyText(`${alias}.cost_nano`).as('cost_nano'),
  ] as const;
}

function toMeasures(row: { requests: string; input_tokens: string; output_tokens: string; cached_tokens: string; reasoning_tokens: string; cost_nano: string }): UsageMeasures {
  return {
    requests: parseMoney(row.requests), inputTokens: parseMoney(row.input_tokens), outputTokens: parseMoney(row.output_tokens),
    cachedTokens: parseMoney(row.cached_tokens), reasoningTokens: parseMoney(row.reasoning_tokens), costNano: parseMoney(row.cost_nano),
  };
}

function subtract(a: UsageMeasures, b: UsageMeasures): void {
  a.requests -= b.requests;
  a.inputTokens -= b.inputTokens;
  a.outputTokens -= b.outputTokens;
  a.cachedTokens -= b.cachedTokens;
  a.reasoningTokens -= b.reasoningTokens;
  a.costNano -= b.costNano;
}

/** Start of the bucket (UTC) holding an hour. */
export function bucketStart(hour: number, granularity: 'hour' | 'day' | 'month'): number {
  if (granularity === 'hour') return hour - (hour % HOUR_MS);
  if (granularity === 'day') return hour - (hour % (24 * HOUR_MS));
  const date = new Date(hour);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}
