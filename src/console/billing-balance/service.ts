import { authorizeOrg, type Actor } from '../../auth/authorize.js';
import { readOrgUnsettledUsage } from '../../billing/account-bases.js';
import { mailBalanceCrossings } from '../../billing/balance-alert-mailer.js';
import { evaluateBalanceAlerts, getBalanceAlerts, putBalanceAlerts, type BalanceAlertSettings } from '../../billing/balance-alerts.js';
import { listOpenCreditBuckets } from '../../billing/credit-buckets.js';
import { lockBalanceCheckpoint, readBalanceCheckpoint } from '../../billing/org-balance.js';
import { GatewayError } from '../../core/errors.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { presentAlerts, presentBalance } from './presenter.js';

/** An organization's balance: checkpoint, pending (holds in flight and unsettled usage), open buckets, alerts. */
export async function getBalanceView(ctx: ConsoleContext, actor: Actor, orgId: string) {
  await authorizeOrg(ctx.db, actor, orgId, 'org.billing.read');
  const [balanceNano, unsettledNano, heldNano, buckets, alerts] = await Promise.all([
    readBalanceCheckpoint(ctx.db, orgId),
    readOrgUnsettledUsage(ctx.db, orgId),
    ctx.orgHeldNano === null ? Promise.resolve(0n) : ctx.orgHeldNano(orgId),
    listOpenCreditBuckets(ctx.db, orgId),
    getBalanceAlerts(ctx.db, orgId),
  ]);
  return presentBalance({ orgId, balanceNano, heldNano, unsettledNano, buckets, alerts });
}

/** Thresholds as sent: each field by either of its names; undefined keeps, null turns off. */
interface AlertsInput {
  readonly lowThresholdUsd?: bigint | null | undefined;
  readonly criticalThresholdUsd?: bigint | null | undefined;
  readonly low_threshold_usd?: bigint | null | undefined;
  readonly critical_threshold_usd?: bigint | null | undefined;
}

function either(camel: bigint | null | undefined, snake: bigint | null | undefined, name: string): bigint | null | undefined {
  if (camel !== undefined && snake !== undefined) throw new GatewayError('GW_INVALID_VALUE', `Give '${name}' once, in camelCase or snake_case.`, { param: name });
  return camel !== undefined ? camel : snake;
}

/**
 * Set the balance alert thresholds and evaluate them once against the balance now: a threshold the
 * balance is already below notifies at once (a changed threshold counts as new, so it may notify
 * again). Under the checkpoint lock, so it never interleaves with a ledger write of the organization.
 */
export async function updateBalanceAlerts(ctx: ConsoleContext, change: ChangeContext, orgId: string, input: AlertsInput) {
  await authorizeOrg(ctx.db, change.actor!, orgId, 'org.billing.manage');
  const low = either(input.lowThresholdUsd, input.low_threshold_usd, 'lowThresholdUsd');
  const critical = either(input.criticalThresholdUsd, input.critical_threshold_usd, 'criticalThresholdUsd');
  const { settings, crossings } = await ctx.db.transaction().execute(async (trx) => {
    const balance = await lockBalanceCheckpoint(trx, orgId, change.now);
    const before = await getBalanceAlerts(trx, orgId);
    const lowThresholdNano = low === undefined ? before.lowThresholdNano : low;
    const criticalThresholdNano = critical === undefined ? before.criticalThresholdNano : critical;
    if (lowThresholdNano !== null && criticalThresholdNano !== null && criticalThresholdNano >= lowThresholdNano) {
      throw new GatewayError('GW_INVALID_VALUE', 'The critical threshold must be below the low threshold.', { param: 'criticalThresholdUsd' });
    }
    const next: BalanceAlertSettings = {
      lowThresholdNano,
      criticalThresholdNano,
      lowTriggered: lowThresholdNano === before.lowThresholdNano && before.lowTriggered,
      criticalTriggered: criticalThresholdNano === before.criticalThresholdNano && before.criticalTriggered,
    };
    await putBalanceAlerts(trx, orgId, next, change.now);
    const found = await evaluateBalanceAlerts(trx, orgId, next, balance, `settings:${change.now}`, change.now);
    const after = await getBalanceAlerts(trx, orgId);
    await writeAudit(trx, change, { orgId, action: 'billing_alerts.update', targetType: 'billing_alerts', targetId: orgId, before: presentAlerts(before), after: presentAlerts(after) });
    return { settings: after, crossings: found };
  });
  // After commit and in the background: a slow mail server never delays the answer.
  void mailBalanceCrossings(ctx.balanceAlertMailer, crossings, () => undefined);
  return presentAlerts(settings);
}
