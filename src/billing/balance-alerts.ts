import { sql, type Kysely } from 'kysely';
import { formatUsd } from '../core/money.js';
import { parseMoney } from '../store/money-column.js';
import type { Database, Flag } from '../store/schema.js';
import { insertNotification } from '../tenancy/notification-repository.js';
import { emitWebhookEvent } from '../webhooks/emit-event.js';

/** The two alert thresholds. */
export type BalanceAlertLevel = 'low' | 'critical';

/** An organization's alert thresholds and whether the balance is below each (notified) right now. */
export interface BalanceAlertSettings {
  /** Low threshold, nano-USD, or null when off. */
  readonly lowThresholdNano: bigint | null;
  /** Critical threshold, nano-USD, or null when off. */
  readonly criticalThresholdNano: bigint | null;
  /** The balance crossed below the low threshold and has not recovered since. */
  readonly lowTriggered: boolean;
  /** The same for the critical threshold. */
  readonly criticalTriggered: boolean;
}

/** A person told about a crossing. */
export interface BalanceAlertRecipient {
  readonly userId: string;
  readonly email: string;
  readonly name: string;
}

/** A balance that fell below a threshold: notified in the console and by webhook in the ledger write's transaction; emailed after commit. */
export interface BalanceCrossing {
  readonly orgId: string;
  /** Organization name, for messages. */
  readonly orgName: string;
  readonly level: BalanceAlertLevel;
  /** The threshold crossed, nano-USD. */
  readonly thresholdNano: bigint;
  /** Balance after the change, nano-USD. */
  readonly balanceNano: bigint;
  /** Owners and billing admins of the organization. */
  readonly recipients: readonly BalanceAlertRecipient[];
}

const OFF: BalanceAlertSettings = Object.freeze({ lowThresholdNano: null, criticalThresholdNano: null, lowTriggered: false, criticalTriggered: false });

// Money is read as text (SQLite would hand large BIGINTs back as lossy numbers).
const nullableMoneyText = (column: string) => sql<string | null>`CAST(${sql.ref(column)} AS TEXT)`;

/** Alert settings of many organizations (organizations without a row have both thresholds off). */
export async function getBalanceAlertsOf(db: Kysely<Database>, orgIds: readonly string[]): Promise<Map<string, BalanceAlertSettings>> {
  const out = new Map<string, BalanceAlertSettings>();
  if (orgIds.length === 0) return out;
  const rows = await db
    .selectFrom('billing_alerts')
    .select(['org_id', 'low_triggered', 'critical_triggered', nullableMoneyText('low_threshold_nano').as('low'), nullableMoneyText('critical_threshold_nano').as('critical')])
    .where('org_id', 'in', orgIds)
    .execute();
  for (const r of rows) {
    out.set(r.org_id, {
      lowThresholdNano: r.low === null ? null : parseMoney(r.low),
      criticalThresholdNano: r.critical === null ? null : parseMoney(r.critical),
      lowTriggered: Number(r.low_triggered) === 1,
      criticalTriggered: Number(r.critical_triggered) === 1,
    });
  }
  return out;
}

/** One organization's alert settings. */
export async function getBalanceAlerts(db: Kysely<Database>, orgId: string): Promise<BalanceAlertSettings> {
  return (await getBalanceAlertsOf(db, [orgId])).get(orgId) ?? OFF;
}

const flag = (on: boolean): Flag => (on ? 1 : 0);

/** Store the thresholds and crossing state of an organization. */
export async function putBalanceAlerts(trx: Kysely<Database>, orgId: string, settings: BalanceAlertSettings, now: number): Promise<void> {
  const values = {
    low_threshold_nano: settings.lowThresholdNano,
    critical_threshold_nano: settings.criticalThresholdNano,
    low_triggered: flag(settings.lowTriggered),
    critical_triggered: flag(settings.criticalTriggered),
    updated_at: now,
  };
  await trx.insertInto('billing_alerts').values({ org_id: orgId, ...values }).onConflict((oc) => oc.column('org_id').doUpdateSet(values)).execute();
}

/**
 * Compare a new balance with the thresholds: a threshold the balance fell below (and was not
 * already below) is marked triggered, every owner and billing admin gets a console notification,
 * and a `billing.balance_<level>` webhook event is queued, deduplicated by `crossingId`; a threshold
 * the balance is back at or above is cleared, so the next crossing notifies again. Call inside the
 * transaction that changed the balance, with the checkpoint row locked. Returns the crossings, for
 * email after commit.
 */
export async function evaluateBalanceAlerts(
  trx: Kysely<Database>, orgId: string, settings: BalanceAlertSettings, balanceNano: bigint, crossingId: string, now: number,
): Promise<BalanceCrossing[]> {
  const crossed: { level: BalanceAlertLevel; thresholdNano: bigint }[] = [];
  const next = (level: BalanceAlertLevel, threshold: bigint | null, triggered: boolean): boolean => {
    if (threshold === null) return false;
    const below = balanceNano < threshold;
    if (below && !triggered) crossed.push({ level, thresholdNano: threshold });
    return below;
  };
  const after: BalanceAlertSettings = {
    ...settings,
    lowTriggered: next('low', settings.lowThresholdNano, settings.lowTriggered),
    criticalTriggered: next('critical', settings.criticalThresholdNano, settings.criticalTriggered),
  };
  if (after.lowTriggered !== settings.lowTriggered || after.criticalTriggered !== settings.criticalTriggered) await putBalanceAlerts(trx, orgId, after, now);
  if (crossed.length === 0) return [];
  const recipients = await listBillingContacts(trx, orgId);
  const org = await trx.selectFrom('organizations').select('name').where('id', '=', orgId).executeTakeFirst();
  const orgName = org?.name ?? orgId;
  const crossings: BalanceCrossing[] = [];
  for (const { level, thresholdNano } of crossed) {
    const text = alertText({ orgName, level, thresholdNano, balanceNano });
    for (const r of recipients) await insertNotification(trx, { userId: r.userId, kind: `billing.balance_${level}`, title: text.title, body: text.body, orgId, now });
    await emitWebhookEvent(trx, {
      orgId,
      type: level === 'low' ? 'billing.balance_low' : 'billing.balance_critical',
      data: { balance_usd: formatUsd(balanceNano), threshold_usd: formatUsd(thresholdNano) },
      dedupeKey: `billing.balance_${level}:${orgId}:${thresholdNano}:${crossingId}`,
      now,
    });
    crossings.push({ orgId, orgName, level, thresholdNano, balanceNano, recipients });
  }
  return crossings;
}

/** Title and text of an alert, shared by the console notification and the email. */
export function alertText(c: { readonly orgName: string; readonly level: BalanceAlertLevel; readonly thresholdNano: bigint; readonly balanceNano: bigint }): { title: string; body: string } {
  const what = c.level === 'low' ? 'low' : 'critically low';
  return {
    title: `Balance ${what}: $${formatUsd(c.balanceNano)}`,
    body: `The balance of ${c.orgName} is $${formatUsd(c.balanceNano)}, below the ${c.level} alert threshold of $${formatUsd(c.thresholdNano)}. `
      + 'Add credit to keep requests flowing; at zero they are refused.',
  };
}

/** Owners and billing admins of an organization: who hears about its balance. */
async function listBillingContacts(db: Kysely<Database>, orgId: string): Promise<BalanceAlertRecipient[]> {
  const rows = await db
    .selectFrom('org_memberships')
    .innerJoin('users', 'users.id', 'org_memberships.user_id')
    .select(['users.id as userId', 'users.email as email', 'users.name as name'])
    .where('org_memberships.org_id', '=', orgId)
    .where('org_memberships.role', 'in', ['owner', 'billing_admin'])
    .orderBy('users.id')
    .execute();
  return rows;
}
