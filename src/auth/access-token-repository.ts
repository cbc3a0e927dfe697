import type { Kysely, Selectable } from 'kysely';
import { createId } from '../core/ids.js';
import type { AccessTokensTable } from '../store/console-schema.js';
import type { Database } from '../store/schema.js';
import { keysetAfter, type Cursor } from '../store/keyset.js';
import { generateSecret, hashSecret } from './random-secret.js';

/** Every console access token starts with this; `/v1` refuses it because it is not `sk-tf-`. */
export const ACCESS_TOKEN_PREFIX = 'tf_at_';

/** An access token as stored (never the secret). */
export interface AccessTokenRow {
  /** `tok_...` id. */
  readonly id: string;
  /** Owner. */
  readonly userId: string;
  /** Organization it is narrowed to, or null. */
  readonly orgId: string | null;
  /** Display name. */
  readonly name: string;
  /** First 12 characters of the secret. */
  readonly prefix: string;
  /** Expiry, ms, or null. */
  readonly expiresAt: number | null;
  /** Whether it was revoked. */
  readonly revoked: boolean;
  /** Last use, ms, or null. */
  readonly lastUsedAt: number | null;
  /** Creation time, ms. */
  readonly createdAt: number;
}

/** Create a token; resolves to the row and the secret (shown once, stored as a SHA-256 hash). */
export async function insertAccessToken(
  db: Kysely<Database>,
  input: { readonly userId: string; readonly orgId: string | null; readonly name: string; readonly expiresAt: number | null; readonly now: number },
): Promise<{ readonly token: AccessTokenRow; readonly secret: string }> {
  const generated = generateSecret(ACCESS_TOKEN_PREFIX);
  const row: Selectable<AccessTokensTable> = {
    id: createId('tok', input.now),
    user_id: input.userId,
    org_id: input.orgId,
    name: input.name,
    prefix: generated.prefix,
    secret_hash: generated.hash,
    expires_at: input.expiresAt,
    revoked: 0,
    last_used_at: null,
    created_at: input.now,
  };
  await db.insertInto('access_tokens').values(row).execute();
  return { token: toAccessTokenRow(row), secret: generated.secret };
}

/** The usable (unrevoked, unexpired) token for a secret, or null. */
export async function findAccessTokenBySecret(db: Kysely<Database>, secret: string, now: number): Promise<AccessTokenRow | null> {
  const row = await db.selectFrom('access_tokens').selectAll().where('secret_hash', '=', hashSecret(secret)).where('revoked', '=', 0).executeTakeFirst();
  if (!row || (row.expires_at !== null && Number(row.expires_at) <= now)) return null;
  return toAccessTokenRow(row);
}

/** One token of a user, or null. */
export async function getAccessToken(db: Kysely<Database>, userId: string, id: string): Promise<AccessTokenRow | null> {
  const row = await db.selectFrom('access_tokens').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return row ? toAccessTokenRow(row) : null;
}

/** A user's tokens, newest first, one page. */
export async function listAccessTokens(db: Kysely<Database>, userId: string, page: { readonly limit: number; readonly after: Cursor | null }): Promise<AccessTokenRow[]> {
  const rows = await db
    .selectFrom('access_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(page.after !== null, (q) => q.where(keysetAfter('created_at', 'id', page.after!, 'desc')))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
  return rows.map(toAccessTokenRow);
}

/** Revoke a token. */
export async function revokeAccessToken(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('access_tokens').set({ revoked: 1 }).where('id', '=', id).execute();
}

/** Note a use, at most once a minute per token (a write per request would be wasteful). */
export async function touchAccessToken(db: Kysely<Database>, token: AccessTokenRow, now: number): Promise<void> {
  if (token.lastUsedAt !== null && now - token.lastUsedAt < 60_000) return;
  await db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', token.id).execute();
}

function toAccessTokenRow(row: Selectable<AccessTokensTable>): AccessTokenRow {
  return {
    id: row.id,
    userId: row.user_id,
    orgId: row.org_id,
    name: row.name,
    prefix: row.prefix,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    revoked: Number(row.revoked) === 1,
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    createdAt: Number(row.created_at),
  };
}
