import { Migrator, type Kysely } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';
import type { Database } from './schema.js';

/**
 * Migration names in code-unit order. Kysely's default, `localeCompare`, loads ICU's collation data
 * (≈2.5 MiB of RSS in every process that starts); our names are ASCII timestamps plus snake_case,
 * which sort the same either way (migrate.test.ts checks it).
 */
export function compareMigrationNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Apply every pending migration; resolves to the names applied, throws naming the one that failed. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) }, nameComparator: compareMigrationNames });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `Migration ${failed} failed: ${reason}` : `Migrations failed: ${reason}`, { cause: error });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
