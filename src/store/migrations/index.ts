import type { Migration } from 'kysely';
import * as createTenancyTables from './202611211950_create_tenancy_tables.js';
import * as createApiKeys from './202611211951_create_api_keys.js';
import * as createRequestLog from './202611211952_create_request_log.js';
import * as createUsageEvents from './202611211953_create_usage_events.js';
import * as createLedgerEntries from './202611211954_create_ledger_entries.js';

/** Every migration by name, in order; listed in code so it works from `dist/` without a directory scan. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = Object.freeze({
  '202611211950_create_tenancy_tables': createTenancyTables,
  '202611211951_create_api_keys': createApiKeys,
  '202611211952_create_request_log': createRequestLog,
  '202611211953_create_usage_events': createUsageEvents,
  '202611211954_create_ledger_entries': createLedgerEntries,
});
