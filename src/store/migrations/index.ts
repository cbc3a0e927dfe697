import type { Migration } from 'kysely';
import * as createTenancyTables from './202611211950_create_tenancy_tables.js';
import * as createApiKeys from './202611211951_create_api_keys.js';
import * as createRequestLog from './202611211952_create_request_log.js';
import * as createUsageEvents from './202611211953_create_usage_events.js';
import * as createLedgerEntries from './202611211954_create_ledger_entries.js';
import * as createUsers from './202611212000_create_users.js';
import * as createMemberships from './202611212001_create_memberships.js';
import * as createOrgSettings from './202611212002_create_org_settings.js';
import * as createModelAliases from './202611212003_create_model_aliases.js';
import * as createProjectLimits from './202611212004_create_project_limits.js';
import * as createApiKeySettings from './202611212005_create_api_key_settings.js';
import * as createAuditLog from './202611212006_create_audit_log.js';
import * as createNotifications from './202611212007_create_notifications.js';
import * as addRequestLogIgnoredParams from './202611212030_add_request_log_ignored_params.js';
import * as addRequestLogHold from './202611231900_add_request_log_hold.js';
import * as indexUsageForMetering from './202611212100_index_usage_for_metering.js';
import * as createStoredResponses from './202611212200_create_stored_responses.js';
import * as createUsageRollups from './202611212300_create_usage_rollups.js';
import * as createCreditBuckets from './202611221000_create_credit_buckets.js';
import * as createPayments from './202611221001_create_payments.js';
import * as createWebhooks from './202611221002_create_webhooks.js';
import * as indexRefundReference from './202611221003_index_refund_reference.js';
import * as indexLedgerNonUsage from './202611221010_index_ledger_non_usage.js';
import * as addRequestLogUpstreamWait from './202611231000_add_request_log_upstream_wait.js';
import * as addRequestLogSource from './202611232000_add_request_log_source.js';
import * as addRequestLogAttempts from './202611232010_add_request_log_attempts.js';
import * as createWebhookDeliveryAttempts from './202611232100_create_webhook_delivery_attempts.js';
import * as addUsageRollupsPlaygroundPerson from './202611232110_add_usage_rollups_playground_person.js';
import * as addStoredResponsesThreadClaims from './202611232120_add_stored_responses_thread_claims.js';
import * as addStoredResponsesClaimTime from './202611240130_add_stored_responses_claim_time.js';
import * as createUsageKeyRollups from './202611240150_create_usage_key_rollups.js';
import * as indexStoredResponsesCreated from './202611240500_index_stored_responses_created.js';

/** Every migration by name, in order; listed in code so it works from `dist/` without a directory scan. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = Object.freeze({
  '202611211950_create_tenancy_tables': createTenancyTables,
  '202611211951_create_api_keys': createApiKeys,
  '202611211952_create_request_log': createRequestLog,
  '202611211953_create_usage_events': createUsageEvents,
  '202611211954_create_ledger_entries': createLedgerEntries,
  '202611212000_create_users': createUsers,
  '202611212001_create_memberships': createMemberships,
  '202611212002_create_org_settings': createOrgSettings,
  '202611212003_create_model_aliases': createModelAliases,
  '202611212004_create_project_limits': createProjectLimits,
  '202611212005_create_api_key_settings': createApiKeySettings,
  '202611212006_create_audit_log': createAuditLog,
  '202611212007_create_notifications': createNotifications,
  '202611212030_add_request_log_ignored_params': addRequestLogIgnoredParams,
  '202611212100_index_usage_for_metering': indexUsageForMetering,
  '202611212200_create_stored_responses': createStoredResponses,
  '202611212300_create_usage_rollups': createUsageRollups,
  '202611221000_create_credit_buckets': createCreditBuckets,
  '202611221001_create_payments': createPayments,
  '202611221002_create_webhooks': createWebhooks,
  '202611221003_index_refund_reference': indexRefundReference,
  '202611221010_index_ledger_non_usage': indexLedgerNonUsage,
  '202611231000_add_request_log_upstream_wait': addRequestLogUpstreamWait,
  '202611231900_add_request_log_hold': addRequestLogHold,
  '202611232000_add_request_log_source': addRequestLogSource,
  '202611232010_add_request_log_attempts': addRequestLogAttempts,
  '202611232100_create_webhook_delivery_attempts': createWebhookDeliveryAttempts,
  '202611232110_add_usage_rollups_playground_person': addUsageRollupsPlaygroundPerson,
  '202611232120_add_stored_responses_thread_claims': addStoredResponsesThreadClaims,
  '202611240130_add_stored_responses_claim_time': addStoredResponsesClaimTime,
  '202611240150_create_usage_key_rollups': createUsageKeyRollups,
  '202611240500_index_stored_responses_created': indexStoredResponsesCreated,
});
