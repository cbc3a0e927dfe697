import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * The file behind a SQLite database, or null for PostgreSQL and in-memory SQLite. Work moved to a
 * worker thread opens its own connection on this file (an in-memory database is invisible to it).
 */
export async function sqliteFileOf<DB>(db: Kysely<DB>): Promise<string | null> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return null;
  const { rows } = await sql<{ name: string; file: string | null }>`PRAGMA database_list`.execute(db);
  const file = rows.find((row) => row.name === 'main')?.file ?? '';
  return file === '' ? null : file;
}
