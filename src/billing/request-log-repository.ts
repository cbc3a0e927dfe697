import { sql, type Insertable, type Kysely } from 'kysely';
import { moneyText, parseMoney } from '../store/money-column.js';
import type { Database, RequestLogTable } from '../store/schema.js';
import type { RequestLogEntry, RequestSource, UpstreamAttempt } from './request-log-entry.js';

/** A stored request-log row, with usage flattened to the stored counts. */
export interface RequestLogRow {
  /** Request id (`req_...`). */
  readonly id: string;
  /** Organization, or null when authentication failed. */
  readonly orgId: string | null;
  /** Project, or null when authentication failed. */
  readonly projectId: string | null;
  /** Key, or null when authentication failed. */
  readonly keyId: string | null;
  /** Endpoint (`chat.completions` ...). */
  readonly endpoint: string;
  /** Model exactly as sent, or null. */
  readonly modelRequested: string | null;
  /** Catalogue model that served it, or null. */
  readonly modelResolved: string | null;
  /** Provider that served it, or null. */
  readonly providerId: string | null;
  /** Whether the response was streamed. */
  readonly stream: boolean;
  /** HTTP status sent. */
  readonly status: number;
  /** Wire error code, or null. */
  readonly errorCode: string | null;
  /** Total latency, ms. */
  readonly latencyMs: number;
  /** Time to first byte, ms, or null. */
  readonly ttftMs: number | null;
  /** Prompt tokens. */
  readonly inputTokens: number;
  /** Generated tokens. */
  readonly outputTokens: number;
  /** Prompt tokens read from cache. */
  readonly cachedTokens: number;
  /** Reasoning tokens. */
  readonly reasoningTokens: number;
  /** Where the counts come from. */
  readonly usageSource: 'reported' | 'estimated' | 'none';
  /** Cost billed, nano-USD. */
  readonly costNano: bigint;
  /** Request parameters the gateway dropped (not recognised, or unsupported by the model). */
  readonly ignoredParams: readonly string[];
  /** End-user id the client sent, or null. */
  readonly user: string | null;
  /** Request tags (key → value). */
  readonly tags: Readonly<Record<string, string>>;
  /** Time waiting for a free upstream connection, ms. */
  readonly upstreamWaitMs: number;
  /** Worst-case cost admission held, nano-USD, or null when nothing was held. */
  readonly holdNano: bigint | null;
  /** `api` (an inference key) or `playground` (a person in the console). */
  readonly source: RequestSource;
  /** The console user who made a playground request, or null. */
  readonly userId: string | null;
  /** Upstream attempts of a routed request, in order; null when the model does not route. */
  readonly attempts: readonly UpstreamAttempt[] | null;
  /** Arrival time, ms since epoch. */
  readonly createdAt: number;
}

/** Rows per statement: 27 columns x 500 rows stays far below both engines' bind-parameter limits. */
const ROWS_PER_STATEMENT = 500;

/** Write entries with one multi-row insert (per 500 rows); an id already stored is skipped, so retries are safe. */
export async function insertRequestLogRows(db: Kysely<Database>, entries: readonly RequestLogEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += ROWS_PER_STATEMENT) {
    const values = entries.slice(i, i + ROWS_PER_STATEMENT).map(toInsertable);
    await db.insertInto('request_log').values(values).onConflict((oc) => oc.column('id').doNothing()).execute();
  }
}

/** One row by request id, or null. */
export async function getRequestLogRow(db: Kysely<Database>, id: string): Promise<RequestLogRow | null> {
  const row = await selectRows(db).where('id', '=', id).executeTakeFirst();
  return row ? toRequestLogRow(row) : null;
}

/** Rows newest first, optionally of one organization, at most `limit`. */
export async function listRequestLogRows(db: Kysely<Database>, options: { readonly orgId?: string; readonly limit: number }): Promise<RequestLogRow[]> {
  let query = selectRows(db);
  if (options.orgId !== undefined) query = query.where('org_id', '=', options.orgId);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  return rows.map(toRequestLogRow);
}

function selectRows(db: Kysely<Database>) {
  return db
    .selectFrom('request_log')
    .select([
      'id', 'org_id', 'project_id', 'key_id', 'endpoint', 'model_requested', 'model_resolved', 'provider_id', 'stream', 'status',
      'error_code', 'latency_ms', 'ttft_ms', 'input_tokens', 'output_tokens', 'cached_tokens', 'reasoning_tokens', 'usage_source',
      'created_at', 'ignored_params', 'end_user', 'tags', 'upstream_wait_ms', 'source', 'user_id', 'attempts', moneyText('cost_nano').as('cost'), sql<string | null>`CAST(hold_nano AS TEXT)`.as('hold'),
    ]);
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectRows>['executeTakeFirstOrThrow']>>;

/** The columns {@link requestLogValues} fills, in order (for writers that bind positional parameters). */
export const REQUEST_LOG_COLUMNS = [
  'id', 'org_id', 'project_id', 'key_id', 'endpoint', 'model_requested', 'model_resolved', 'provider_id', 'stream', 'status',
  'error_code', 'latency_ms', 'ttft_ms', 'input_tokens', 'output_tokens', 'cached_tokens', 'reasoning_tokens', 'usage_source',
  'cost_nano', 'created_at', 'ignored_params', 'end_user', 'tags', 'upstream_wait_ms', 'hold_nano', 'source', 'user_id', 'attempts',
] as const satisfies readonly (keyof RequestLogTable)[];

/** Fails to compile when a column of `request_log` is missing from {@link REQUEST_LOG_COLUMNS} (the SQLite worker would drop it). */
export type RequestLogColumnsComplete = AllListed<Exclude<keyof RequestLogTable, (typeof REQUEST_LOG_COLUMNS)[number]>>;
type AllListed<Missing extends never> = Missing;

/** The stored values of an entry in {@link REQUEST_LOG_COLUMNS} order. */
export function requestLogValues(entry: RequestLogEntry): unknown[] {
  const row = toInsertable(entry);
  return REQUEST_LOG_COLUMNS.map((column) => row[column]);
}

function toInsertable(entry: RequestLogEntry): Insertable<RequestLogTable> {
  const usage = entry.usage;
  return {
    id: entry.id,
    org_id: entry.orgId,
    project_id: entry.projectId,
    key_id: entry.keyId,
    endpoint: entry.endpoint,
    model_requested: entry.modelRequested,
    model_resolved: entry.modelResolved,
    provider_id: entry.providerId,
    stream: entry.stream ? 1 : 0,
    status: entry.status,
    error_code: entry.errorCode,
    latency_ms: entry.latencyMs,
    ttft_ms: entry.ttftMs,
    input_tokens: usage?.input.total ?? 0,
    output_tokens: usage?.output.total ?? 0,
    cached_tokens: usage?.input.cacheRead ?? 0,
    reasoning_tokens: usage?.output.reasoning ?? 0,
    usage_source: usage?.source ?? 'none',
    cost_nano: entry.costNano,
    created_at: entry.createdAt,
    ignored_params: entry.ignoredParams.length > 0 ? JSON.stringify(entry.ignoredParams) : null,
    end_user: entry.user ?? null,
    tags: entry.tags !== undefined && Object.keys(entry.tags).length > 0 ? JSON.stringify(entry.tags) : null,
    upstream_wait_ms: entry.upstreamWaitMs ?? 0,
    hold_nano: entry.holdNano ?? null,
    source: entry.source ?? 'api',
    user_id: entry.userId ?? null,
    attempts: entry.attempts === undefined ? null : JSON.stringify(entry.attempts),
  };
}

function toRequestLogRow(row: SelectedRow): RequestLogRow {
  return {
    id: row.id,
    orgId: row.org_id,
    projectId: row.project_id,
    keyId: row.key_id,
    endpoint: row.endpoint,
    modelRequested: row.model_requested,
    modelResolved: row.model_resolved,
    providerId: row.provider_id,
    stream: Number(row.stream) === 1,
    status: row.status,
    errorCode: row.error_code,
    latencyMs: row.latency_ms,
    ttftMs: row.ttft_ms,
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    cachedTokens: row.cached_tokens,
    reasoningTokens: row.reasoning_tokens,
    usageSource: toUsageSource(row.usage_source),
    costNano: parseMoney(row.cost),
    ignoredParams: row.ignored_params === null ? [] : (JSON.parse(row.ignored_params) as string[]),
    user: row.end_user,
    tags: row.tags === null ? {} : (JSON.parse(row.tags) as Record<string, string>),
    upstreamWaitMs: Number(row.upstream_wait_ms),
    holdNano: row.hold === null ? null : parseMoney(row.hold),
    source: row.source === 'playground' ? 'playground' : 'api',
    userId: row.user_id,
    attempts: row.attempts === null ? null : (JSON.parse(row.attempts) as UpstreamAttempt[]),
    createdAt: Number(row.created_at),
  };
}

function toUsageSource(value: string): RequestLogRow['usageSource'] {
  return value === 'reported' || value === 'estimated' ? value : 'none';
}
