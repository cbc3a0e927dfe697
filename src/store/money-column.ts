import { sql, type RawBuilder } from 'kysely';

/**
 * Money columns are BIGINT nano-USD. better-sqlite3 returns BIGINT as a JS number (lossy above 2^53)
 * and pg returns it as a string, so money is always read as text and converted with `BigInt`, never
 * through a float. Writes pass the bigint itself: both drivers bind it exactly.
 */

/** A money column read as exact decimal text: `CAST(col AS TEXT)`. */
export function moneyText(column: string): RawBuilder<string> {
  return sql<string>`CAST(${sql.ref(column)} AS TEXT)`;
}

/** The exact sum of a money column as text, `'0'` when there are no rows. */
export function sumMoneyText(column: string): RawBuilder<string> {
  return sql<string>`CAST(COALESCE(SUM(${sql.ref(column)}), 0) AS TEXT)`;
}

/** Convert money text read with {@link moneyText} or {@link sumMoneyText} to nano-USD. */
export function parseMoney(text: string): bigint {
  if (!/^-?\d+$/.test(text)) throw new TypeError(`Expected an integer nano-USD amount from the store, got '${text}'.`);
  return BigInt(text);
}
