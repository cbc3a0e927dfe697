import { useNavigate } from '@tanstack/react-router';
import { Receipt } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyButton } from '../../components/copy-button';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { Money } from '../../components/money';
import { Select } from '../../components/select';
import { DateOverTime, Time } from '../../components/time';
import { toast } from '../../components/toast';
import { cx } from '../../lib/cx';
import styles from './billing.module.css';
import textStyles from '../../styles/text.module.css';
import { PaymentStatus } from './payment-status';
import { paymentsList, useCancelPayment, type Payment } from './queries';
import { PAYMENT_FILTERS, type PaymentFilter } from './routes';

const FILTER_LABEL: Readonly<Record<PaymentFilter, string>> = { pending: 'Waiting for payment', completed: 'Paid', canceled: 'Canceled', failed: 'Failed' };

function PaymentActions({ orgId, payment }: { readonly orgId: string; readonly payment: Payment }): ReactElement | null {
  const cancel = useCancelPayment(orgId);
  if (payment.status !== 'pending') return null;
  return (
    <div className={styles.actions}>
      {payment.checkout_url && (
        <a className={styles.link} href={payment.checkout_url} target="_blank" rel="noopener noreferrer">Payment page</a>
      )}
      {payment.abilities.cancel && (
        <ConfirmDialog
          trigger={<Button size="sm" variant="ghost">Cancel</Button>}
          title="Cancel this top-up?"
          description={<>Nothing is credited for <Money usd={payment.amount_usd} />; a payment already made must then be refunded by the operator.</>}
          confirmLabel="Cancel top-up"
          onConfirm={async () => {
            await cancel.mutateAsync(payment.id);
            toast.success('Top-up canceled.');
          }}
        />
      )}
    </div>
  );
}

const PROVIDER_LABEL: Readonly<Record<Payment['provider'], string>> = { manual: 'Bank transfer', stripe: 'Stripe' };

/** The payment's reference (the `pay_` id the payer quotes) on one line with a copy button, and its receipt number under it once paid. */
function PaymentReference({ payment }: { readonly payment: Payment }): ReactElement {
  return (
    <div>
      <div className={styles.reference}>
        <span className={cx(styles.code, styles.truncate)} title={payment.id}>{payment.id}</span>
        <CopyButton value={payment.id} label="Copy reference" />
      </div>
      {payment.receipt_number && (
        <div className={cx(textStyles.muted, styles.receipt)}>
          Receipt <span className={styles.code}>{payment.receipt_number}</span>
        </div>
      )}
    </div>
  );
}

/** Payments (top-ups) and their receipts, filterable by state; the filter is in the URL. */
export function PaymentsPanel({ orgId, status }: { readonly orgId: string; readonly status: PaymentFilter | undefined }): ReactElement {
  const navigate = useNavigate({ from: '/orgs/$orgId/billing' });
  const list = useCursorList(paymentsList(orgId, status));
  const columns = useMemo((): DataColumns<Payment> => {
    const col = dataColumns<Payment>();
    // Related fields share a cell (a muted second line) so that the table and each row's actions
    // fit a laptop's width; the reference takes the width left and truncates.
    return col.columns([
      col.accessor('created_at', {
        header: 'Started',
        meta: { nowrap: true },
        cell: (info) => <DateOverTime iso={info.getValue()} />,
      }),
      col.accessor('amount_usd', {
        header: 'Amount',
        meta: { align: 'right', nowrap: true },
        cell: (info) => (
          <div>
            <Money usd={info.getValue()} />
            <div className={textStyles.muted}>{PROVIDER_LABEL[info.row.original.provider]}</div>
          </div>
        ),
      }),
      col.accessor('status', {
        header: 'Status',
        meta: { nowrap: true },
        cell: (info) => (
          <div>
            <PaymentStatus status={info.getValue()} />
            {info.row.original.completed_at !== null && (
              <div className={textStyles.muted}>
                Credited <Time iso={info.row.original.completed_at} format="date" />
              </div>
            )}
          </div>
        ),
      }),
      col.accessor('id', { header: 'Reference', meta: { fill: true }, cell: (info) => <PaymentReference payment={info.row.original} /> }),
      col.display({ id: 'actions', header: () => <span className="visually-hidden">Actions</span>, meta: { align: 'right', nowrap: true }, cell: (info) => <PaymentActions orgId={orgId} payment={info.row.original} /> }),
    ]);
  }, [orgId]);
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <Field label="Status">
          <Select
            value={status ?? ''}
            onChange={(e) => {
              const next = PAYMENT_FILTERS.find((s) => s === e.target.value);
              void navigate({ search: ({ status: _, ...rest }) => (next ? { ...rest, status: next } : rest) });
            }}
            options={[{ value: '', label: 'All payments' }, ...PAYMENT_FILTERS.map((s) => ({ value: s, label: FILTER_LABEL[s] }))]}
          />
        </Field>
        <p className={textStyles.muted}>A paid top-up gets a receipt number; its ledger credit quotes the reference.</p>
      </div>
      <div className={styles.payments}>
        <DataTable
          label="Payments"
          columns={columns}
          list={list}
          rowId={(p) => p.id}
          stackOnPhone
          empty={<EmptyState icon={<Receipt size={28} />} title={status ? 'No payments in this state' : 'No payments yet'}>Top-ups appear here with their receipts.</EmptyState>}
        />
      </div>
    </div>
  );
}
