import { refundRequest, RefundRefusedError } from '../billing/refund-request.js';
import { formatUsd, parseUsd } from '../core/money.js';
import { AdminCommandError, type AdminCommand } from './admin-command.js';

/** Operator command that gives a request's cost back to its organization. */
export const REFUND_COMMANDS: Readonly<Record<string, AdminCommand>> = {
  refund: {
    options: { request: { type: 'string' }, amount: { type: 'string' }, note: { type: 'string' } },
    help: 'Usage: tf-gateway admin refund --request REQUEST_ID [--amount USD] [--note TEXT]\n\nRefund a billed request: a `refund` ledger entry of its whole cost, or of --amount (at most the cost). A request is refunded at most once. Prints {"entryId","orgId","requestId","amountUsd"}.',
    run: async (db, v) => {
      const requestId = typeof v.request === 'string' ? v.request.trim() : '';
      if (requestId === '') throw new AdminCommandError('--request is required.', 2);
      let amountNano: bigint | undefined;
      if (typeof v.amount === 'string') {
        const parsed = parseUsd(v.amount);
        if (parsed === null || parsed <= 0n) throw new AdminCommandError(`--amount must be a positive USD decimal with at most 9 decimals; got '${v.amount}'.`, 2);
        amountNano = parsed;
      }
      try {
        const entry = await refundRequest(db, { requestId, ...(amountNano === undefined ? {} : { amountNano }), note: typeof v.note === 'string' ? v.note : null, now: Date.now() });
        return { entryId: entry.id, orgId: entry.orgId, requestId, amountUsd: formatUsd(entry.amountNano) };
      } catch (error) {
        if (error instanceof RefundRefusedError) throw new AdminCommandError(error.message);
        throw error;
      }
    },
  },
};
