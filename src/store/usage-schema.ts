import type { ColumnType } from 'kysely';
import type { Millis, MoneyColumn, RawMoney } from './schema.js';

/** A BIGINT sum of counts: written as a bigint, read as text (`moneyText()`), like money, because pg returns BIGINT as a string. */
export type CountColumn = ColumnType<RawMoney, bigint, bigint>;

/** Summed measures of a rollup row. */
interface RollupMeasures {
  /** Requests counted. */
  requests: CountColumn;
  /** Prompt tokens. */
  input_tokens: CountColumn;
  /** Generated tokens. */
  output_tokens: CountColumn;
  /** Prompt tokens read from cache. */
  cached_tokens: CountColumn;
  /** Reasoning tokens. */
  reasoning_tokens: CountColumn;
  /** Cost billed, nano-USD. */
  cost_nano: MoneyColumn;
}

/** Settled usage per hour, project, key, model and end user (maintained by `billing/usage-rollups.ts`). */
export interface UsageRollupsTable extends RollupMeasures {
  /** Organization billed. */
  org_id: string;
  /** Start of the UTC hour, ms. */
  hour: Millis;
  /** Project. */
  project_id: string;
  /** Key, '' for the playground (no key). */
  key_id: string;
  /** The person who sent a playground request, '' for key requests. */
  user_id: ColumnType<string, string | undefined, string>;
  /** Catalogue model that served the requests. */
  model: string;
  /** End-user id the client sent (`user`), '' for none. */
  end_user: string;
}

/**
 * Settled usage per hour, project, key (or playground person) and model, without the end user: the
 * same sums as `usage_rollups` folded over `end_user`, for the reads that do not group by end user
 * (a busy project has one `usage_rollups` row per end user and hour; this table has ~5-10x fewer).
 */
export interface UsageKeyRollupsTable extends RollupMeasures {
  /** Organization billed. */
  org_id: string;
  /** Start of the UTC hour, ms. */
  hour: Millis;
  /** Project. */
  project_id: string;
  /** Key, '' for the playground (no key). */
  key_id: string;
  /** The person who sent a playground request, '' for key requests. */
  user_id: string;
  /** Catalogue model that served the requests. */
  model: string;
}

/** Settled usage per hour, project and tag (key, value); a request counts once under each of its tags. */
export interface UsageTagRollupsTable extends RollupMeasures {
  /** Organization billed. */
  org_id: string;
  /** Start of the UTC hour, ms. */
  hour: Millis;
  /** Project. */
  project_id: string;
  /** Tag key. */
  tag_key: string;
  /** Tag value. */
  tag_value: string;
}
