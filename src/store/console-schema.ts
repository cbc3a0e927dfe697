import type { Flag, Millis, MoneyColumn } from './schema.js';

/** A person who signs in to the console. */
export interface UsersTable {
  /** `usr_...` id. */
  id: string;
  /** Lower-cased email; unique. */
  email: string;
  /** Display name. */
  name: string;
  /** `scrypt$...` hash from `auth/password.ts`, or null until an invited person sets one. */
  password_hash: string | null;
  /** Creation time. */
  created_at: Millis;
  /** Last change. */
  updated_at: Millis;
}

/** A signed-in browser session; the cookie carries the secret, the store its SHA-256 hash. */
export interface SessionsTable {
  /** `ses_...` id. */
  id: string;
  /** The person signed in. */
  user_id: string;
  /** SHA-256 hex of the cookie secret. */
  secret_hash: string;
  /** Address the session was opened from. */
  ip: string | null;
  /** User agent the session was opened with. */
  user_agent: string | null;
  /** Creation time. */
  created_at: Millis;
  /** Absolute expiry. */
  expires_at: Millis;
}

/** A personal access token (`tf_at_...`) for scripts; acts with its owner's permissions. */
export interface AccessTokensTable {
  /** `tok_...` id. */
  id: string;
  /** Owner. */
  user_id: string;
  /** Organization the token is narrowed to, or null for all of the owner's organizations. */
  org_id: string | null;
  /** Display name. */
  name: string;
  /** First 12 characters of the secret. */
  prefix: string;
  /** SHA-256 hex of the secret. */
  secret_hash: string;
  /** Expiry, or null for never. */
  expires_at: Millis | null;
  /** 1 once revoked. */
  revoked: Flag;
  /** Last time the token authenticated a request (minute precision). */
  last_used_at: Millis | null;
  /** Creation time. */
  created_at: Millis;
}

/** A person's role in an organization. */
export interface OrgMembershipsTable {
  /** `mem_...` id. */
  id: string;
  /** Organization. */
  org_id: string;
  /** Member. */
  user_id: string;
  /** `owner`, `admin`, `billing_admin`, `developer`, `viewer` or `auditor`. */
  role: string;
  /** When the person joined. */
  created_at: Millis;
}

/** A person's additive role in one project. */
export interface ProjectMembershipsTable {
  /** `pmem_...` id. */
  id: string;
  /** Organization of the project (denormalized for per-org reads). */
  org_id: string;
  /** Project. */
  project_id: string;
  /** Member (must also be a member of the organization). */
  user_id: string;
  /** `admin`, `developer` or `viewer`. */
  role: string;
  /** When the person was added. */
  created_at: Millis;
}

/** A pending invitation to join an organization. */
export interface InvitesTable {
  /** `inv_...` id. */
  id: string;
  /** Organization to join. */
  org_id: string;
  /** Lower-cased email invited. */
  email: string;
  /** Organization role granted on acceptance. */
  role: string;
  /** SHA-256 hex of the invite link's secret. */
  secret_hash: string;
  /** Inviting user id, or null for the operator. */
  invited_by: string | null;
  /** Creation time. */
  created_at: Millis;
  /** Expiry. */
  expires_at: Millis;
  /** Acceptance time, or null. */
  accepted_at: Millis | null;
  /** Revocation time, or null. */
  revoked_at: Millis | null;
}

/** Console settings of an organization; a missing row means the defaults. */
export interface OrgSettingsTable {
  /** Organization. */
  org_id: string;
  /** URL slug (unique), or null. */
  slug: string | null;
  /** 1 for a personal organization (made at sign-up). */
  personal: Flag;
  /** `open` or `restricted`. */
  project_access: string;
  /** JSON array of model ids the organization may call; `[]` allows every model. */
  allowed_models: string;
  /** When the organization was deleted (closed), or null; closed organizations answer 404 to everyone but the operator. */
  closed_at: Millis | null;
  /** Last change. */
  updated_at: Millis;
}

/** A model alias of an organization or one project. */
export interface ModelAliasesTable {
  /** `mal_...` id. */
  id: string;
  /** Organization. */
  org_id: string;
  /** Project for a project alias, null for an organization alias. */
  project_id: string | null;
  /** The project id or, for organization aliases, the organization id; unique with `name`. */
  scope_key: string;
  /** Alias name clients send as `model`. */
  name: string;
  /** Catalogue model id (or another alias) it stands for. */
  target: string;
  /** Creation time. */
  created_at: Millis;
  /** Last change; drives gateway refresh. */
  updated_at: Millis;
}

/** Rate limits and budget of a project; a missing row means none. */
export interface ProjectLimitsTable {
  /** Project. */
  project_id: string;
  /** Organization of the project. */
  org_id: string;
  /** Requests per minute, or null for none. */
  rpm: number | null;
  /** Tokens per minute, or null for none. */
  tpm: number | null;
  /** Monthly budget, nano-USD, or null for none. */
  budget_nano: MoneyColumn | null;
  /** Last change. */
  updated_at: Millis;
}

/** Console-side facts about an inference key; a missing row means no budget, not deleted. */
export interface ApiKeySettingsTable {
  /** Key. */
  key_id: string;
  /** Monthly budget, nano-USD, or null for none. */
  budget_nano: MoneyColumn | null;
  /** Creating user id, or null. */
  created_by: string | null;
  /** Soft-deletion time, or null. */
  deleted_at: Millis | null;
}

/** One audit log entry. */
export interface AuditLogTable {
  /** `aud_...` id. */
  id: string;
  /** Organization concerned, or null for a person-level change. */
  org_id: string | null;
  /** User id, or null for the operator. */
  actor_id: string | null;
  /** `user`, `operator` or `system`. */
  actor_kind: string;
  /** Verb such as `api_key.update`. */
  action: string;
  /** Kind of object changed (`api_key`, `org_member` ...). */
  target_type: string;
  /** Id of the object changed. */
  target_id: string;
  /** JSON of the object before the change, or null. */
  before_json: string | null;
  /** JSON of the object after the change, or null. */
  after_json: string | null;
  /** Client address. */
  ip: string | null;
  /** Client user agent. */
  user_agent: string | null;
  /** When the change was made. */
  created_at: Millis;
}

/** A notification for one person. */
export interface NotificationsTable {
  /** `ntf_...` id. */
  id: string;
  /** Recipient. */
  user_id: string;
  /** Machine kind (`org.member_added` ...). */
  kind: string;
  /** One-line title. */
  title: string;
  /** Text body. */
  body: string;
  /** Organization concerned, or null. */
  org_id: string | null;
  /** When read, or null. */
  read_at: Millis | null;
  /** Creation time. */
  created_at: Millis;
}
