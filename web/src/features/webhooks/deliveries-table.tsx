import { Send } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { Link } from '@tanstack/react-router';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Time } from '../../components/time';
import { DeliveryStatus } from './delivery-status';
import { deliveriesList, type WebhookDelivery } from './queries';
import styles from './webhooks.module.css';

/** What the receiver answered to the last attempt: its HTTP status, or why there was none. */
function LastAnswer({ delivery }: { readonly delivery: WebhookDelivery }): ReactElement {
  if (delivery.attempts === 0) return <span className={styles.muted}>Not attempted yet</span>;
  return (
    <div>
      {delivery.last_status !== null ? <span className={styles.code}>HTTP {delivery.last_status}</span> : <span className={styles.muted}>No answer</span>}
      {delivery.last_error && <div className={styles.error}>{delivery.last_error}</div>}
    </div>
  );
}

/** An endpoint's deliveries (each opens its attempts); refreshes by itself while one is pending. */
export function DeliveriesTable({ orgId, endpointId }: { readonly orgId: string; readonly endpointId: string }): ReactElement {
  const list = useCursorList(deliveriesList(orgId, endpointId));
  const columns = useMemo((): DataColumns<WebhookDelivery> => {
    const col = dataColumns<WebhookDelivery>();
    return col.columns([
      col.accessor('created_at', { header: 'Event at', meta: { nowrap: true }, cell: (info) => <Time iso={info.getValue()} /> }),
      col.accessor('event_type', {
        header: 'Event',
        cell: (info) => (
          <div>
            <span className={styles.code}>{info.getValue()}</span>
            {/* The event id opens the delivery with every attempt (`?delivery=`). */}
            <div><Link className={styles.eventLink} from="/orgs/$orgId/webhooks" search={{ endpoint: endpointId, delivery: info.row.original.id }} title="Show every attempt">{info.row.original.event_id}</Link></div>
          </div>
        ),
      }),
      col.accessor('status', { header: 'Status', cell: (info) => <DeliveryStatus delivery={info.row.original} /> }),
      col.accessor('attempts', { header: 'Attempts', meta: { align: 'right' } }),
      col.display({ id: 'answer', header: 'Last answer', cell: (info) => <div className={styles.wide}><LastAnswer delivery={info.row.original} /></div> }),
      col.accessor('last_attempt_at', { header: 'Last attempt', meta: { nowrap: true }, cell: (info) => <Time iso={info.getValue()} empty="—" /> }),
      col.accessor('next_attempt_at', { header: 'Next attempt', meta: { nowrap: true }, cell: (info) => <Time iso={info.getValue()} empty="—" /> }),
    ]);
  }, [endpointId]);
  return (
    <DataTable
      label="Deliveries"
      columns={columns}
      list={list}
      rowId={(d) => d.id}
      empty={<EmptyState icon={<Send size={28} />} title="No deliveries yet">Send a test event, or wait for one of the events this endpoint receives.</EmptyState>}
    />
  );
}
