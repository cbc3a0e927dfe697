import type { Kysely } from 'kysely';
import { moneyText, parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';
import { insertLedgerEntry, type LedgerEntry } from './ledger-repository.js';

/** Why a refund was refused; the caller turns it into its own error shape. */
export class RefundRefusedError extends Error {
  constructor(
    message: string,
    /** `not_found`, `already_refunded`, `too_large` or `nothing_to_refund`. */
    readonly reason: 'not_found' | 'already_refunded' | 'too_large' | 'nothing_to_refund',
  ) {
    super(message);
  }
}

/** The ledger reference of a request's refund: one refund per request. */
export function refundReference(requestId: string): string {
  return `refund:${requestId}`;
}

/**
 * Give back what a request cost (all of it by default, or `amountNano` of it) as one `refund` ledger
 * entry referencing the request. A request is refunded at most once: the reference is unique among
 * refunds (migration 202611221003), so two operators racing both see one entry.
 */
export async function refundRequest(
  db: Kysely<Database>,
  input: { readonly requestId: string; readonly amountNano?: bigint; readonly note?: string | null; readonly now: number },
): Promise<LedgerEntry> {
  return db.transaction().execute(async (trx) => {
    const event = await trx
      .selectFrom('usage_events')
      .select(['org_id', moneyText('cost_nano').as('cost')])
      .where('id', '=', input.requestId)
      .executeTakeFirst();
    if (event === undefined) throw new RefundRefusedError(`No billed request '${input.requestId}' exists.`, 'not_found');
    const cost = parseMoney(event.cost);
    const amount = input.amountNano ?? cost;
    if (cost === 0n || amount === 0n) throw new RefundRefusedError(`Request '${input.requestId}' cost nothing; there is nothing to refund.`, 'nothing_to_refund');
    if (amount > cost) throw new RefundRefusedError(`A refund of request '${input.requestId}' can be at most what it cost (${cost} nano-USD).`, 'too_large');
    const reference = refundReference(input.requestId);
    const existing = await trx.selectFrom('ledger_entries').select('id').where('kind', '=', 'refund').where('reference', '=', reference).executeTakeFirst();
    if (existing !== undefined) throw new RefundRefusedError(`Request '${input.requestId}' was already refunded (ledger entry ${existing.id}).`, 'already_refunded');
    return insertLedgerEntry(trx, { orgId: event.org_id, kind: 'refund', amountNano: amount, reference, note: input.note ?? null, now: input.now });
  });
}
