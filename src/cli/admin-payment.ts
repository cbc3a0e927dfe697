import type { ChangeContext } from '../console/audit-log/write-audit.js';
import { confirmManualPayment } from '../console/payments/service.js';
import { isGatewayError } from '../core/errors.js';
import { formatUsdCents } from '../core/money.js';
import { listOrgPayments, PAYMENT_STATUSES, type PaymentRow, type PaymentStatus } from '../payments/payment-repository.js';
import { getOrganization } from '../tenancy/organization-repository.js';
import { AdminCommandError, type AdminCommand, type Values } from './admin-command.js';

function text(values: Values, flag: string): string | undefined {
  const value = values[flag];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A payment as the CLI prints it. */
function printable(payment: PaymentRow): Record<string, unknown> {
  return {
    id: payment.id, orgId: payment.orgId, provider: payment.provider, status: payment.status, amountUsd: formatUsdCents(payment.amountNano),
    receiptNumber: payment.receiptNumber, ledgerEntryId: payment.ledgerEntryId, createdAt: new Date(payment.createdAt).toISOString(),
    completedAt: payment.completedAt === null ? null : new Date(payment.completedAt).toISOString(),
  };
}

/** `tf-gateway admin payment confirm|list`: the operator's side of manual top-ups. */
export const PAYMENT_COMMANDS: Readonly<Record<string, AdminCommand>> = {
  'payment confirm': {
    options: { id: { type: 'string' } },
    help:
      'Usage: tf-gateway admin payment confirm --id PAYMENT_ID\n\n' +
      'Confirm that a manual top-up has been paid: credits the organization once, issues the receipt and notifies its webhooks.\n' +
      'Fails (exit 1) for an unknown id, a Stripe payment (completed only by its signed webhook) or a payment no longer pending.\n' +
      'Prints {"id","orgId","provider","status","amountUsd","receiptNumber","ledgerEntryId","createdAt","completedAt"}.',
    run: async (db, values) => {
      const id = text(values, 'id');
      if (id === undefined) throw new AdminCommandError('--id is required.', 2);
      const change: ChangeContext = { actor: { kind: 'operator' }, ip: null, userAgent: 'tf-gateway admin payment confirm', now: Date.now() };
      try {
        return printable(await confirmManualPayment(db, change, id));
      } catch (error) {
        if (isGatewayError(error)) throw new AdminCommandError(error.message);
        throw error;
      }
    },
  },
  'payment list': {
    options: { org: { type: 'string' }, status: { type: 'string' }, limit: { type: 'string' } },
    help:
      'Usage: tf-gateway admin payment list --org ORG_ID [--status pending|completed|canceled|failed] [--limit N]\n\n' +
      'List an organization\'s payments, newest first (default 100). Prints {"orgId","payments":[...]}.',
    run: async (db, values) => {
      const orgId = text(values, 'org');
      if (orgId === undefined) throw new AdminCommandError('--org is required.', 2);
      const status = text(values, 'status');
      if (status !== undefined && !(PAYMENT_STATUSES as readonly string[]).includes(status)) {
        throw new AdminCommandError(`--status must be one of ${PAYMENT_STATUSES.join(', ')}; got '${status}'.`, 2);
      }
      const limit = Number(text(values, 'limit') ?? 100);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new AdminCommandError('--limit must be an integer from 1 to 10000.', 2);
      if ((await getOrganization(db, orgId)) === null) throw new AdminCommandError(`Organization '${orgId}' does not exist.`);
      const rows = await listOrgPayments(db, orgId, { limit, after: null, status: status as PaymentStatus | undefined });
      return { orgId, payments: rows.map(printable) };
    },
  },
};
