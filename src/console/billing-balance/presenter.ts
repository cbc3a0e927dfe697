import type { z } from 'zod';
import type { BalanceAlertSettings } from '../../billing/balance-alerts.js';
import type { CreditBucket } from '../../billing/credit-buckets.js';
import { formatUsd } from '../../core/money.js';
import { isoTime, isoTimeOrNull, usdOrNull } from '../internal/wire.js';
import type { alertsDto, balanceDto } from './schema.js';

/** The numbers behind a balance view, nano-USD. */
export interface BalanceFigures {
  readonly orgId: string;
  readonly balanceNano: bigint;
  /** Held for requests in flight (the metering store). */
  readonly heldNano: bigint;
  /** Usage written to the request log but not yet settled into the ledger. */
  readonly unsettledNano: bigint;
  readonly buckets: readonly CreditBucket[];
  readonly alerts: BalanceAlertSettings;
}

/** Present alert settings. */
export function presentAlerts(a: BalanceAlertSettings): z.infer<typeof alertsDto> {
  return {
    low_threshold_usd: usdOrNull(a.lowThresholdNano),
    critical_threshold_usd: usdOrNull(a.criticalThresholdNano),
    low_triggered: a.lowTriggered,
    critical_triggered: a.criticalTriggered,
  };
}

/** Present an organization's balance. */
export function presentBalance(f: BalanceFigures): z.infer<typeof balanceDto> {
  return {
    org_id: f.orgId,
    balance_usd: formatUsd(f.balanceNano),
    held_usd: formatUsd(f.heldNano),
    unsettled_usd: formatUsd(f.unsettledNano),
    pending_usd: formatUsd(f.heldNano + f.unsettledNano),
    available_usd: formatUsd(f.balanceNano - f.heldNano - f.unsettledNano),
    credit_buckets: f.buckets.map((b) => ({
      id: b.id,
      source: b.source,
      amount_usd: formatUsd(b.amountNano),
      remaining_usd: formatUsd(b.remainingNano),
      expires_at: isoTimeOrNull(b.expiresAt),
      created_at: isoTime(b.createdAt),
    })),
    alerts: presentAlerts(f.alerts),
  };
}
