import type { ApiKeyRow } from '../../auth/api-key-repository.js';
import type { ApiKeySettings } from '../../auth/api-key-settings-repository.js';
import { abilitiesOf } from '../../auth/authorize.js';
import type { Permission } from '../../auth/permissions.js';
import { apiKeyPolicy } from '../../auth/policies/api-key.js';
import { formatUsd } from '../../core/money.js';
import { isoTime, isoTimeOrNull, usdOrNull } from '../internal/wire.js';
import type { KeyActivity } from './key-activity.js';
import type { ApiKeyView } from './schema.js';

const NO_ACTIVITY: KeyActivity = { lastUsedAt: null, monthRequests: 0n, monthCostNano: 0n };

/** Present a key (metadata only) with the caller's abilities. */
export function presentApiKey(row: ApiKeyRow, settings: ApiKeySettings | undefined, permissions: ReadonlySet<Permission>, activity: KeyActivity = NO_ACTIVITY): ApiKeyView {
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    prefix: row.prefix,
    disabled: row.disabled,
    expires_at: isoTimeOrNull(row.expiresAt),
    allowed_models: row.allowedModels,
    budget_usd: usdOrNull(settings?.budgetNano ?? null),
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
    last_used_at: isoTimeOrNull(activity.lastUsedAt),
    usage_this_month: { requests: Number(activity.monthRequests), cost_usd: formatUsd(activity.monthCostNano) },
    abilities: abilitiesOf(apiKeyPolicy, permissions),
  };
}

/** A key's audit snapshot (no abilities, never the hash). */
export function snapshotApiKey(row: ApiKeyRow, settings: ApiKeySettings | undefined): Record<string, unknown> {
  const { abilities: _abilities, last_used_at: _used, usage_this_month: _usage, ...rest } = presentApiKey(row, settings, new Set());
  return rest;
}
