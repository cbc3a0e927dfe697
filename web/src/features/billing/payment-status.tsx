import type { ReactElement } from 'react';
import { Badge } from '../../components/badge';
import type { Payment } from './queries';

const STATUS: Readonly<Record<Payment['status'], { readonly label: string; readonly tone: 'warning' | 'success' | 'neutral' | 'danger' }>> = {
  pending: { label: 'Waiting for payment', tone: 'warning' },
  completed: { label: 'Paid', tone: 'success' },
  canceled: { label: 'Canceled', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** A payment's state in words (and colour). */
export function PaymentStatus({ status }: { readonly status: Payment['status'] }): ReactElement {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}
