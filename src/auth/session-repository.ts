import type { Kysely } from 'kysely';
import { createId } from '../core/ids.js';
import type { Database } from '../store/schema.js';
import { generateSecret, hashSecret } from './random-secret.js';

/** Cookie session secrets start with this (so a leaked value is recognisable in logs and scanners). */
export const SESSION_SECRET_PREFIX = 'tf_ses_';

/** A live session. */
export interface SessionRow {
  /** `ses_...` id. */
  readonly id: string;
  /** The person signed in. */
  readonly userId: string;
  /** Absolute expiry, ms. */
  readonly expiresAt: number;
}

/** Open a session; resolves to the row and the cookie secret (returned once, stored hashed). */
export async function createSession(
  db: Kysely<Database>,
  input: { readonly userId: string; readonly ip: string | null; readonly userAgent: string | null; readonly now: number; readonly ttlMs: number },
): Promise<{ readonly session: SessionRow; readonly secret: string }> {
  const generated = generateSecret(SESSION_SECRET_PREFIX);
  const id = createId('ses', input.now);
  const expiresAt = input.now + input.ttlMs;
  await db
    .insertInto('sessions')
    .values({ id, user_id: input.userId, secret_hash: generated.hash, ip: input.ip, user_agent: input.userAgent?.slice(0, 512) ?? null, created_at: input.now, expires_at: expiresAt })
    .execute();
  return { session: { id, userId: input.userId, expiresAt }, secret: generated.secret };
}

/** The unexpired session for a cookie secret, or null. */
export async function findSessionBySecret(db: Kysely<Database>, secret: string, now: number): Promise<SessionRow | null> {
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at'])
    .where('secret_hash', '=', hashSecret(secret))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id, expiresAt: Number(row.expires_at) } : null;
}

/** End a session (sign-out); idempotent. */
export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}
