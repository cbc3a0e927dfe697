import { Send } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { Link } from '@tanstack/react-router';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { DateOverTime, Time } from '../../components/time';
import { DeliveryStatus } from './delivery-status';
import { deliveriesList, type WebhookDelivery } from './queries';
import styles from './webhooks.module.css';
import textStyles from '../../styles/text.module.css';
import { cx } from '../../lib/cx';

/**
 * What the receiver answered to the last attempt (its HTTP status, or why there was none) and when,
 * and when the next attempt is due while the delivery is retrying.
 */
function Attempts({ delivery }: { readonly delivery: WebhookDelivery }): ReactElement {
  return (
    <div>
      {delivery.attempts === 0 ? (
        <span className={textStyles.muted}>Not attempted yet</span>
      ) : (
        <>
          {delivery.last_status !== null ? <span className={styles.code}>HTTP {delivery.last_status}</span> : <span className={textStyles.muted}>No answer</span>}
          {delivery.last_error && <div className={styles.error}>{delivery.last_error}</div>}
          {delivery.last_attempt_at !== null && <div className={cx(textStyles.muted, styles.when)}>Last attempt <Time iso={delivery.last_attempt_at} /></div>}
        </>
      )}
      {delivery.next_attempt_at !== null && <div className={cx(textStyles.muted, styles.when)}>Next attempt <Time iso={delivery.next_attempt_at} /></div>}
    </div>
  );
}

/** An endpoint's deliveries (each opens its attempts); refreshes by itself while one is pending. */
export function DeliveriesTable({ orgId, endpointId }: { readonly orgId: string; readonly endpointId: string }): ReactElement {
  const list = useCursorList(deliveriesList(orgId, endpointId));
  const columns = useMemo((): DataColumns<WebhookDelivery> => {
    const col = dataColumns<WebhookDelivery>();
    // Related fields share a cell (a muted second line) so that the table fits the endpoint's card
    // on a laptop; the delivery's drawer has every attempt in full.
    return col.columns([
      col.accessor('created_at', {
        header: 'Event at',
        meta: { nowrap: true },
        cell: (info) => <DateOverTime iso={info.getValue()} />,
      }),
      col.accessor('event_type', {
        header: 'Event',
        cell: (info) => (
          <div className={styles.event}>
            <div className={cx(styles.code, styles.truncate)} title={info.getValue()}>{info.getValue()}</div>
            {/* The event id opens the delivery with every attempt (`?delivery=`); a long one ends in an ellipsis. */}
            <div className={styles.truncate}>
              <Link className={styles.eventLink} from="/orgs/$orgId/webhooks" search={{ endpoint: endpointId, delivery: info.row.original.id }} title={`${info.row.original.event_id}: show every attempt`}>{info.row.original.event_id}</Link>
            </div>
          </div>
        ),
      }),
      col.accessor('status', {
        header: 'Status',
        meta: { nowrap: true },
        cell: (info) => (
          <div>
            <DeliveryStatus delivery={info.row.original} />
            <div className={textStyles.muted}>{info.row.original.attempts} {info.row.original.attempts === 1 ? 'attempt' : 'attempts'}</div>
          </div>
        ),
      }),
      col.display({ id: 'answer', header: 'Last answer', meta: { fill: true }, cell: (info) => <Attempts delivery={info.row.original} /> }),
    ]);
  }, [endpointId]);
  return (
    <div className={styles.deliveries}>
      <DataTable
        label="Deliveries"
        columns={columns}
        list={list}
        rowId={(d) => d.id}
        stackOnPhone
        empty={<EmptyState icon={<Send size={28} />} title="No deliveries yet">Send a test event, or wait for one of the events this endpoint receives.</EmptyState>}
      />
    </div>
  );
}
