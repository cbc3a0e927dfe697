import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Position after which a page starts: the last row's creation time and id. */
export interface Cursor {
  /** `created_at` of the last row of the previous page. */
  readonly createdAt: number;
  /** `id` of that row (ties on time are broken by id). */
  readonly id: string;
}

/**
 * The keyset condition "after the cursor" for rows ordered by (time, id) in `direction`. Written as
 * a row-value comparison, which SQLite (3.15+) and PostgreSQL both evaluate with the index.
 */
export function keysetAfter(timeColumn: string, idColumn: string, cursor: Cursor, direction: 'asc' | 'desc'): RawBuilder<SqlBool> {
  const op = sql.raw(direction === 'desc' ? '<' : '>');
  return sql<SqlBool>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) ${op} (${cursor.createdAt}, ${cursor.id})`;
}
