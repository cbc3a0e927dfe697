import { abilitiesOf } from '../../auth/authorize.js';
import type { Permission } from '../../auth/permissions.js';
import { paymentPolicy } from '../../auth/policies/payment.js';
import { formatUsdCents } from '../../core/money.js';
import type { PaymentRow } from '../../payments/payment-repository.js';
import { isoTime, isoTimeOrNull } from '../internal/wire.js';
import type { PaymentView } from './schema.js';

/** Present a payment with the caller's abilities (cancel only while pending). */
export function presentPayment(row: PaymentRow, permissions: ReadonlySet<Permission>): PaymentView {
  const abilities = abilitiesOf(paymentPolicy, permissions);
  return {
    id: row.id,
    org_id: row.orgId,
    provider: row.provider,
    status: row.status,
    amount_usd: formatUsdCents(row.amountNano),
    checkout_url: row.status === 'pending' ? row.checkoutUrl : null,
    receipt_number: row.receiptNumber,
    ledger_entry_id: row.ledgerEntryId,
    created_by: row.createdBy,
    created_at: isoTime(row.createdAt),
    completed_at: isoTimeOrNull(row.completedAt),
    abilities: { ...abilities, cancel: abilities.cancel && row.status === 'pending' },
  };
}

/** A payment's audit snapshot. */
export function snapshotPayment(row: PaymentRow): Record<string, unknown> {
  return {
    id: row.id, provider: row.provider, status: row.status, amount_usd: formatUsdCents(row.amountNano), provider_ref: row.providerRef,
    receipt_number: row.receiptNumber, ledger_entry_id: row.ledgerEntryId,
  };
}
