import { readEnvironment, resolveDatabaseUrl } from '../config/environment.js';
import { openStore } from '../store/database.js';
import { migrateToLatest } from '../store/migrate.js';

/** `tf-gateway migrate`: apply pending migrations and exit. */
export async function runMigrateCommand(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write('Usage: tf-gateway migrate [--database URL]\n\nApplies pending database migrations and exits. `serve` also does this on start.\n');
    return 0;
  }
  const store = await openStore(resolveDatabaseUrl(args, readEnvironment()));
  try {
    await migrateToLatest(store.db);
    process.stdout.write(`${JSON.stringify({ migrated: true })}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
