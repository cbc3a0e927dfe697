import type { Kysely, Selectable } from 'kysely';
import { createId } from '../core/ids.js';
import type { UsersTable } from '../store/console-schema.js';
import type { Database } from '../store/schema.js';

/** A console user as stored (the password hash stays in the store layer's row). */
export interface UserRow {
  /** `usr_...` id. */
  readonly id: string;
  /** Lower-cased email. */
  readonly email: string;
  /** Display name. */
  readonly name: string;
  /** scrypt hash, or null when no password is set yet. */
  readonly passwordHash: string | null;
  /** Creation time, ms. */
  readonly createdAt: number;
}

/** Normalize an email for storage and lookup. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Create a user; the email must be unused (unique constraint). */
export async function insertUser(
  db: Kysely<Database>,
  input: { readonly email: string; readonly name: string; readonly passwordHash: string | null; readonly now: number },
): Promise<UserRow> {
  const row: Selectable<UsersTable> = {
    id: createId('usr', input.now),
    email: normalizeEmail(input.email),
    name: input.name,
    password_hash: input.passwordHash,
    created_at: input.now,
    updated_at: input.now,
  };
  await db.insertInto('users').values(row).execute();
  return toUserRow(row);
}

/** The user with this id, or null. */
export async function getUser(db: Kysely<Database>, id: string): Promise<UserRow | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUserRow(row) : null;
}

/** The user with this email (case-insensitive), or null. */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | null> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  return row ? toUserRow(row) : null;
}

/** Set a user's password hash (and name, when given). */
export async function updateUserPassword(db: Kysely<Database>, id: string, passwordHash: string, now: number, name?: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now, ...(name === undefined ? {} : { name }) })
    .where('id', '=', id)
    .execute();
}

function toUserRow(row: Selectable<UsersTable>): UserRow {
  return { id: row.id, email: row.email, name: row.name, passwordHash: row.password_hash, createdAt: Number(row.created_at) };
}
