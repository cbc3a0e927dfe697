import { sql, type Kysely, type SqlBool } from 'kysely';
import { moneyText, parseMoney, sumMoneyText } from '../store/money-column.js';
import type { Database } from '../store/schema.js';
import { getOrgBalance, type LedgerEntryKind } from './ledger-repository.js';

/** A calendar month (UTC). */
export interface StatementMonth {
  /** Four-digit year. */
  readonly year: number;
  /** Month, 1-12. */
  readonly month: number;
}

/** A non-usage ledger entry as a statement lists it. */
export interface StatementEntry {
  /** Entry time, ms. */
  readonly time: number;
  /** Entry kind. */
  readonly kind: LedgerEntryKind;
  /** Magnitude, nano-USD (positive: credits add it, other debits take it). */
  readonly amountNano: bigint;
  /** Reference. */
  readonly reference: string | null;
  /** Note. */
  readonly note: string | null;
}

/** Usage of one group (project or model) in the month. */
export interface StatementUsage {
  /** Project id or model id. */
  readonly key: string;
  /** Project name (for projects), else null. */
  readonly name: string | null;
  /** Requests. */
  readonly requests: bigint;
  /** Cost, nano-USD (positive). */
  readonly costNano: bigint;
}

/**
 * A monthly statement: `closing = opening + credits - usage - other debits`, and the closing balance
 * equals the sum of the ledger before the next month (usage taken from the hourly rollups, which
 * settlement keeps equal to the usage debits of each hour).
 */
export interface Statement {
  /** `YYYY-MM`. */
  readonly month: string;
  /** Month start (inclusive), ms. */
  readonly from: number;
  /** Next month's start (exclusive), ms. */
  readonly to: number;
  /** Balance at the start of the month. */
  readonly openingNano: bigint;
  /** Every positive entry of the month, oldest first. */
  readonly credits: readonly StatementEntry[];
  /** Their sum. */
  readonly creditsTotalNano: bigint;
  /** Usage per project, costliest first. */
  readonly usageByProject: readonly StatementUsage[];
  /** Usage per model, costliest first. */
  readonly usageByModel: readonly StatementUsage[];
  /** Usage cost of the month. */
  readonly usageTotalNano: bigint;
  /** Negative non-usage entries (expiry, negative adjustments), oldest first. */
  readonly otherDebits: readonly StatementEntry[];
  /** Their sum (positive). */
  readonly otherDebitsTotalNano: bigint;
  /** Balance at the end of the month. */
  readonly closingNano: bigint;
  /** The month has ended and no usage up to its end awaits settlement: the figures can no longer change. */
  readonly final: boolean;
}

// Literal predicate: SQLite picks the partial index `ledger_entries_non_usage_idx` only when the query repeats it.
const NOT_USAGE = sql<SqlBool>`l.kind <> 'usage'`;

/** Start of a month (UTC), ms. */
export function monthStart({ year, month }: StatementMonth): number {
  return Date.UTC(year, month - 1, 1);
}

/** Build the statement of one month of an organization from the ledger (non-usage) and the usage rollups. */
export async function buildStatement(db: Kysely<Database>, orgId: string, month: StatementMonth, now: number): Promise<Statement> {
  const from = monthStart(month);
  const to = Date.UTC(month.year, month.month, 1);
  // One read snapshot, so the opening balance, the month's figures and `final` agree while usage settles.
  return db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const openingNano = await readOpeningBalance(trx, orgId, from, now);
    const entries = await trx
      .selectFrom('ledger_entries as l')
      .select(['l.kind', 'l.reference', 'l.note', 'l.created_at', moneyText('l.amount_nano').as('amount')])
      .where('l.org_id', '=', orgId)
      .where(NOT_USAGE)
      .where('l.created_at', '>=', from)
      .where('l.created_at', '<', to)
      .orderBy('l.created_at')
      .orderBy('l.id')
      .execute();
    // One pass over the month's per-key rollups (usage_rollups' sums without the end user, fewer rows), folded into projects and models here.
    const usage = await trx
      .selectFrom('usage_key_rollups as r')
      .select(['r.project_id', 'r.model', sumMoneyText('r.requests').as('requests'), sumMoneyText('r.cost_nano').as('cost')])
      .where('r.org_id', '=', orgId)
      .where('r.hour', '>=', from)
      .where('r.hour', '<', to)
      .groupBy(['r.project_id', 'r.model'])
      .execute();
    const names = new Map((await trx.selectFrom('projects').select(['id', 'name']).where('org_id', '=', orgId).execute()).map((p) => [p.id, p.name]));
    // Stricter than "nothing of this month pending": an older unsettled request would still change the opening balance.
    const pending = await trx.selectFrom('usage_events').select('id').where('org_id', '=', orgId).where('settled_at', 'is', null).where('created_at', '<', to).limit(1).executeTakeFirst();
    const credits: StatementEntry[] = [];
    const otherDebits: StatementEntry[] = [];
    for (const row of entries) {
      const amount = parseMoney(row.amount);
      const entry = { time: Number(row.created_at), kind: row.kind as LedgerEntryKind, reference: row.reference, note: row.note };
      if (amount > 0n) credits.push({ ...entry, amountNano: amount });
      else if (amount < 0n) otherDebits.push({ ...entry, amountNano: -amount });
    }
    const byProject = new Map<string, StatementUsage>();
    const byModel = new Map<string, StatementUsage>();
    for (const row of usage) {
      const requests = parseMoney(row.requests);
      const costNano = parseMoney(row.cost);
      addUsage(byProject, row.project_id, names.get(row.project_id) ?? null, requests, costNano);
      addUsage(byModel, row.model, null, requests, costNano);
    }
    const usageByModel = sortUsage([...byModel.values()]);
    const creditsTotalNano = sum(credits.map((c) => c.amountNano));
    const usageTotalNano = sum(usageByModel.map((u) => u.costNano));
    const otherDebitsTotalNano = sum(otherDebits.map((d) => d.amountNano));
    return {
      month: `${month.year}-${String(month.month).padStart(2, '0')}`, from, to, openingNano, credits, creditsTotalNano, usageByProject: sortUsage([...byProject.values()]),
      usageByModel, usageTotalNano, otherDebits, otherDebitsTotalNano, closingNano: openingNano + creditsTotalNano - usageTotalNano - otherDebitsTotalNano,
      final: now >= to && pending === undefined,
    };
  });
}

/**
 * The ledger's sum before `from`: non-usage entries from the ledger, usage from the rollups, summed over
 * the shorter side of `from` — the history before it, or the time since (the balance checkpoint minus
 * what came after), so a statement never reads more than half of an organization's usage history.
 */
async function readOpeningBalance(trx: Kysely<Database>, orgId: string, from: number, now: number): Promise<bigint> {
  const first = await trx.selectFrom('usage_key_rollups').select(sql<number | string | null>`MIN(hour)`.as('hour')).where('org_id', '=', orgId).executeTakeFirst();
  const firstHour = first?.hour === null || first?.hour === undefined ? null : Number(first.hour);
  const entries = (side: '<' | '>=') =>
    trx.selectFrom('ledger_entries as l').select(sumMoneyText('l.amount_nano').as('total')).where('l.org_id', '=', orgId).where(NOT_USAGE).where('l.created_at', side, from).executeTakeFirstOrThrow();
  const usage = (side: '<' | '>=') =>
    trx.selectFrom('usage_key_rollups as r').select(sumMoneyText('r.cost_nano').as('total')).where('r.org_id', '=', orgId).where('r.hour', side, from).executeTakeFirstOrThrow();
  if (firstHour === null || from - firstHour <= now - from) {
    return parseMoney((await entries('<')).total) - parseMoney((await usage('<')).total);
  }
  const balance = await getOrgBalance(trx, orgId);
  return balance - parseMoney((await entries('>=')).total) + parseMoney((await usage('>=')).total);
}

function addUsage(into: Map<string, StatementUsage>, key: string, name: string | null, requests: bigint, costNano: bigint): void {
  const found = into.get(key);
  into.set(key, { key, name, requests: (found?.requests ?? 0n) + requests, costNano: (found?.costNano ?? 0n) + costNano });
}

function sum(values: readonly bigint[]): bigint {
  return values.reduce((a, b) => a + b, 0n);
}

// Costliest first; ties by key so the order is stable across engines.
function sortUsage(rows: StatementUsage[]): StatementUsage[] {
  return rows.sort((a, b) => (a.costNano === b.costNano ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.costNano > b.costNano ? -1 : 1));
}
