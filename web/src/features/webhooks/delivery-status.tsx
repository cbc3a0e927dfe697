import type { ReactElement } from 'react';
import { Badge } from '../../components/badge';
import type { WebhookDelivery } from './queries';

const STATUS: Readonly<Record<WebhookDelivery['status'], { readonly label: string; readonly tone: 'warning' | 'success' | 'danger' }>> = {
  pending: { label: 'Retrying', tone: 'warning' },
  succeeded: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** A delivery's state in words; one not yet attempted is queued, not retrying. */
export function DeliveryStatus({ delivery }: { readonly delivery: Pick<WebhookDelivery, 'status' | 'attempts'> }): ReactElement {
  if (delivery.status === 'pending' && delivery.attempts === 0) return <Badge tone="neutral">Queued</Badge>;
  return <Badge tone={STATUS[delivery.status].tone}>{STATUS[delivery.status].label}</Badge>;
}
