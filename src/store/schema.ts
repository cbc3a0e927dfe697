import type { ColumnType } from 'kysely';
import type {
  AccessTokensTable, ApiKeySettingsTable, AuditLogTable, InvitesTable, ModelAliasesTable, NotificationsTable, OrgMembershipsTable,
  OrgSettingsTable, ProjectLimitsTable, ProjectMembershipsTable, SessionsTable, UsersTable,
} from './console-schema.js';
import type { UsageKeyRollupsTable, UsageRollupsTable, UsageTagRollupsTable } from './usage-schema.js';
import type {
  BillingAlertsTable, CreditBucketsTable, OrgBalancesTable, PaymentsTable, WebhookDeliveriesTable, WebhookDeliveryAttemptsTable, WebhookEndpointsTable,
  WebhookEventsTable,
} from './billing-schema.js';

/** Milliseconds since the Unix epoch, stored as BIGINT (exact in both engines; read as a number). */
export type Millis = number;

/** A 0/1 flag stored as INTEGER, the one boolean representation both engines share. */
export type Flag = 0 | 1;

/**
 * What a money column yields when selected directly: deliberately unusable, because the drivers
 * disagree (number vs string). Select it with `moneyText()` from `money-column.ts` instead.
 */
export interface RawMoney {
  /** Marker only; read money with `moneyText()`. */
  readonly __readWithMoneyText: never;
}

/** A BIGINT nano-USD column: written as a bigint, read as text through `moneyText()`. */
export type MoneyColumn = ColumnType<RawMoney, bigint, bigint>;

/** An organization: the unit that holds a balance and owns projects. */
export interface OrganizationsTable {
  /** `org_...` id. */
  id: string;
  /** Display name (not unique). */
  name: string;
  /** Creation time. */
  created_at: Millis;
}

/** A project inside an organization; keys belong to projects. */
export interface ProjectsTable {
  /** `proj_...` id. */
  id: string;
  /** Owning organization. */
  org_id: string;
  /** Display name. */
  name: string;
  /** Creation time. */
  created_at: Millis;
}

/** An inference API key; only the hash and a display prefix of the secret are stored. */
export interface ApiKeysTable {
  /** `key_...` id. */
  id: string;
  /** Organization billed for the key's requests (the project's organization). */
  org_id: string;
  /** Project the key belongs to. */
  project_id: string;
  /** Display name. */
  name: string;
  /** First 12 characters of the secret (`sk-tf-abcdef`), shown to identify the key. */
  prefix: string;
  /** SHA-256 hex of the secret; unique, the lookup key on every request. */
  secret_hash: string;
  /** 1 when the key is disabled. */
  disabled: Flag;
  /** Expiry time, or null for never. */
  expires_at: Millis | null;
  /** JSON array of model ids the key may call, or null for all. */
  allowed_models: string | null;
  /** Creation time. */
  created_at: Millis;
  /** Last change; drives the gateway's incremental key-cache refresh. */
  updated_at: Millis;
}

/** One inference request as the gateway answered it; keyed by the request id. */
export interface RequestLogTable {
  /** The request id (`req_...`), as returned in `x-request-id`. */
  id: string;
  /** Organization of the key, or null when authentication failed. */
  org_id: string | null;
  /** Project of the key, or null when authentication failed. */
  project_id: string | null;
  /** Key used, or null when authentication failed. */
  key_id: string | null;
  /** Endpoint: `chat.completions`, `embeddings`, `completions`, ... */
  endpoint: string;
  /** Model exactly as the client sent it, or null when absent. */
  model_requested: string | null;
  /** Catalogue model (and version) that served it, or null. */
  model_resolved: string | null;
  /** Catalogue provider id that served it, or null. */
  provider_id: string | null;
  /** 1 for a streamed response. */
  stream: Flag;
  /** HTTP status sent to the client. */
  status: number;
  /** Wire error code, or null on success. */
  error_code: string | null;
  /** Total time from arrival to last byte, ms. */
  latency_ms: number;
  /** Time to first byte sent, ms, or null when nothing was sent. */
  ttft_ms: number | null;
  /** Prompt tokens (cached included). */
  input_tokens: number;
  /** Generated tokens (reasoning included). */
  output_tokens: number;
  /** Prompt tokens read from the provider's cache. */
  cached_tokens: number;
  /** Reasoning tokens. */
  reasoning_tokens: number;
  /** Where the counts come from: `reported`, `estimated` or `none`. */
  usage_source: string;
  /** Cost billed, nano-USD. */
  cost_nano: MoneyColumn;
  /** JSON array of request parameters the gateway dropped, or null when none. */
  ignored_params: string | null;
  /** End-user id the client sent (`user`, Anthropic `metadata.user_id`), or null. */
  end_user: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON object of the request's tags (`metadata` strings and `x-tf-tags`), or null when none. */
  tags: ColumnType<string | null, string | null | undefined, string | null>;
  /** Time waiting for a free upstream connection (a provider's `maxConnections`), ms. */
  upstream_wait_ms: ColumnType<number, number | undefined, number>;
  /** Worst-case cost admission held while the request ran, nano-USD; null when nothing was held (refused before admission, or logged before this column). */
  hold_nano: ColumnType<RawMoney | null, bigint | null | undefined, bigint | null>;
  /** `api` (an inference key) or `playground` (a person in the console; `key_id` is then null). */
  source: ColumnType<string, string | undefined, string>;
  /** The console user who made a playground request, or null. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of a routed request's upstream attempts (`UpstreamAttempt`), or null when not routed. */
  attempts: ColumnType<string | null, string | null | undefined, string | null>;
  /** Arrival time. */
  created_at: Millis;
}

/** The usage outbox: one event per billable request, later settled into the ledger. */
export interface UsageEventsTable {
  /** The request id (`req_...`); makes writes idempotent. */
  id: string;
  /** Organization billed. */
  org_id: string;
  /** Project of the key. */
  project_id: string;
  /** Key used. */
  key_id: string;
  /** Catalogue model that served the request. */
  model: string;
  /** Cost, nano-USD (non-negative). */
  cost_nano: MoneyColumn;
  /** Prompt tokens. */
  input_tokens: number;
  /** Generated tokens. */
  output_tokens: number;
  /** `reported` or `estimated`. */
  usage_source: string;
  /** Request time. */
  created_at: Millis;
  /** When the event was turned into a ledger debit, or null while pending. */
  settled_at: Millis | null;
}

/** The append-only ledger; an organization's balance is the sum of its entries. */
export interface LedgerEntriesTable {
  /** `led_...` id. */
  id: string;
  /** Organization whose balance the entry changes. */
  org_id: string;
  /** `credit`, `grant`, `usage`, `refund` or `adjustment`. */
  kind: string;
  /** Signed amount, nano-USD: positive adds to the balance, negative takes from it. */
  amount_nano: MoneyColumn;
  /** External reference (payment id, request id, seed marker), or null. */
  reference: string | null;
  /** Free text for operators, or null. */
  note: string | null;
  /** When the entry was written. */
  created_at: Millis;
}

/** Every table of the store, for `Kysely<Database>`. */
export interface Database {
  /** Organizations. */
  organizations: OrganizationsTable;
  /** Projects. */
  projects: ProjectsTable;
  /** Inference API keys. */
  api_keys: ApiKeysTable;
  /** Request log. */
  request_log: RequestLogTable;
  /** Usage outbox. */
  usage_events: UsageEventsTable;
  /** Ledger. */
  ledger_entries: LedgerEntriesTable;
  /** Console users. */
  users: UsersTable;
  /** Console sessions. */
  sessions: SessionsTable;
  /** Personal access tokens. */
  access_tokens: AccessTokensTable;
  /** Organization memberships. */
  org_memberships: OrgMembershipsTable;
  /** Project memberships. */
  project_memberships: ProjectMembershipsTable;
  /** Invites. */
  invites: InvitesTable;
  /** Organization settings. */
  org_settings: OrgSettingsTable;
  /** Model aliases. */
  model_aliases: ModelAliasesTable;
  /** Project limits and budgets. */
  project_limits: ProjectLimitsTable;
  /** Key budgets and soft deletion. */
  api_key_settings: ApiKeySettingsTable;
  /** Audit log. */
  audit_log: AuditLogTable;
  /** Notifications. */
  notifications: NotificationsTable;
  /** Stored `/v1/responses` answers. */
  stored_responses: StoredResponsesTable;
  /** Hourly usage rollups. */
  usage_rollups: UsageRollupsTable;
  /** Hourly usage rollups without the end user. */
  usage_key_rollups: UsageKeyRollupsTable;
  /** Hourly usage rollups per tag. */
  usage_tag_rollups: UsageTagRollupsTable;
  /** Balance checkpoints. */
  org_balances: OrgBalancesTable;
  /** Credit buckets. */
  credit_buckets: CreditBucketsTable;
  /** Balance alert settings and state. */
  billing_alerts: BillingAlertsTable;
  /** Top-ups. */
  payments: PaymentsTable;
  /** Webhook endpoints. */
  webhook_endpoints: WebhookEndpointsTable;
  /** Webhook events. */
  webhook_events: WebhookEventsTable;
  /** Webhook delivery queue. */
  webhook_deliveries: WebhookDeliveriesTable;
  /** Every attempt of each webhook delivery. */
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
}

/** A stored `/v1/responses` answer (`store: true`); readable only by keys of the same project. */
export interface StoredResponsesTable {
  /** The response id (`resp_...`). */
  id: string;
  /** Organization of the key that created it. */
  org_id: string;
  /** Project of the key that created it; lookups are scoped to it. */
  project_id: string;
  /** Key that created it. */
  key_id: string | null;
  /** Catalogue model id that answered. */
  model: string;
  /** JSON array of input items: the whole conversation so far, this response's output included (instructions excluded). */
  conversation: string;
  /** JSON of the response object as sent to the client. */
  response: string;
  /** Creation time. */
  created_at: Millis;
  /** Message threads: the request continuing this one (set while it runs), or null. */
  continued_by: string | null;
  /** Message threads: when the continuing request finished, or null. */
  continued_at: Millis | null;
  /** Message threads: when `continued_by` claimed it (a claim older than the stale bound can be taken over). */
  continue_claimed_at: Millis | null;
}
