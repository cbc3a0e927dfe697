import type { Kysely, Selectable } from 'kysely';
import { createId } from '../core/ids.js';
import { safeParseJson } from '../core/json.js';
import type { ApiKeysTable, Database } from '../store/schema.js';

/** An inference key as stored (never the secret). */
export interface ApiKeyRow {
  /** `key_...` id. */
  readonly id: string;
  /** Organization billed. */
  readonly orgId: string;
  /** Owning project. */
  readonly projectId: string;
  /** Display name. */
  readonly name: string;
  /** First 12 characters of the secret. */
  readonly prefix: string;
  /** SHA-256 hex of the secret. */
  readonly hash: string;
  /** Whether the key is refused. */
  readonly disabled: boolean;
  /** Expiry, ms since epoch, or null for never. */
  readonly expiresAt: number | null;
  /** Model ids the key may call, or null for all. */
  readonly allowedModels: string[] | null;
  /** Creation time, ms since epoch. */
  readonly createdAt: number;
  /** Last change, ms since epoch. */
  readonly updatedAt: number;
}

/** Input of {@link insertApiKey}. */
export interface NewApiKey {
  /** Organization of the project. */
  readonly orgId: string;
  /** Owning project. */
  readonly projectId: string;
  /** Display name. */
  readonly name: string;
  /** Display prefix from `generateApiKeySecret`. */
  readonly prefix: string;
  /** Hash from `generateApiKeySecret`. */
  readonly hash: string;
  /** Expiry, ms since epoch; null or absent for never. */
  readonly expiresAt?: number | null;
  /** Allowed model ids; null or absent for all. */
  readonly allowedModels?: readonly string[] | null;
  /** Creation time; defaults to now. */
  readonly now?: number;
}

/** Fields {@link updateApiKey} can change; absent fields are kept. */
export interface ApiKeyPatch {
  /** Disable or re-enable. */
  readonly disabled?: boolean;
  /** New display name. */
  readonly name?: string;
  /** New expiry (null: never). */
  readonly expiresAt?: number | null;
  /** New allowed models (null: all). */
  readonly allowedModels?: readonly string[] | null;
}

/** Store a new key and return it. */
export async function insertApiKey(db: Kysely<Database>, input: NewApiKey): Promise<ApiKeyRow> {
  const now = input.now ?? Date.now();
  const row: Selectable<ApiKeysTable> = {
    id: createId('key', now),
    org_id: input.orgId,
    project_id: input.projectId,
    name: input.name,
    prefix: input.prefix,
    secret_hash: input.hash,
    disabled: 0,
    expires_at: input.expiresAt ?? null,
    allowed_models: encodeModels(input.allowedModels ?? null),
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('api_keys').values(row).execute();
  return toApiKeyRow(row);
}

/** The key with this secret hash, or null. */
export async function findApiKeyByHash(db: Kysely<Database>, hash: string): Promise<ApiKeyRow | null> {
  const row = await db.selectFrom('api_keys').selectAll().where('secret_hash', '=', hash).executeTakeFirst();
  return row ? toApiKeyRow(row) : null;
}

/** The key with this id, or null. */
export async function getApiKey(db: Kysely<Database>, id: string): Promise<ApiKeyRow | null> {
  const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toApiKeyRow(row) : null;
}

/** Keys created or changed at or after `sinceMs` (the key cache's incremental refresh). */
export async function listApiKeysChangedSince(db: Kysely<Database>, sinceMs: number): Promise<ApiKeyRow[]> {
  const rows = await db.selectFrom('api_keys').selectAll().where('updated_at', '>=', sinceMs).orderBy('updated_at').execute();
  return rows.map(toApiKeyRow);
}

/** Keys of a project, oldest first. */
export async function listApiKeysByProject(db: Kysely<Database>, projectId: string): Promise<ApiKeyRow[]> {
  const rows = await db.selectFrom('api_keys').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toApiKeyRow);
}

/** Change a key and bump `updated_at`; resolves to the updated key, or null when there is none. */
export async function updateApiKey(db: Kysely<Database>, id: string, patch: ApiKeyPatch, now: number = Date.now()): Promise<ApiKeyRow | null> {
  const result = await db
    .updateTable('api_keys')
    .set({
      updated_at: now,
      ...(patch.disabled === undefined ? {} : { disabled: patch.disabled ? 1 : 0 }),
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.expiresAt === undefined ? {} : { expires_at: patch.expiresAt }),
      ...(patch.allowedModels === undefined ? {} : { allowed_models: encodeModels(patch.allowedModels) }),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return null;
  return getApiKey(db, id);
}

function toApiKeyRow(row: Selectable<ApiKeysTable>): ApiKeyRow {
  return {
    id: row.id,
    orgId: row.org_id,
    projectId: row.project_id,
    name: row.name,
    prefix: row.prefix,
    hash: row.secret_hash,
    disabled: Number(row.disabled) === 1,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    allowedModels: decodeModels(row.allowed_models),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function encodeModels(models: readonly string[] | null): string | null {
  return models === null ? null : JSON.stringify(models);
}

function decodeModels(text: string | null): string[] | null {
  if (text === null) return null;
  const parsed = safeParseJson(text);
  const value = parsed.ok ? parsed.value : null;
  if (!Array.isArray(value) || !value.every((m): m is string => typeof m === 'string')) {
    throw new TypeError(`api_keys.allowed_models holds '${text}', not a JSON array of model ids.`);
  }
  return value;
}
