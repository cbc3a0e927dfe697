import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { ErrorBanner } from '../../components/error-banner';
import { SideDrawer } from '../../components/side-drawer';
import { Time } from '../../components/time';
import { DeliveryStatus } from './delivery-status';
import { deliveryQuery, type WebhookDeliveryDetail } from './queries';
import styles from './webhooks.module.css';
import textStyles from '../../styles/text.module.css';
import { formatCount } from '../../lib/count';

type Attempt = WebhookDeliveryDetail['attempt_history'][number];

/** The payload as sent, indented when it is JSON (it always is; the raw text otherwise). */
function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

function AttemptItem({ attempt }: { readonly attempt: Attempt }): ReactElement {
  return (
    <li className={styles.attempt} aria-label={`Attempt ${attempt.attempt}`}>
      <div className={styles.attemptHead}>
        <strong>Attempt {attempt.attempt}</strong>
        <Time iso={attempt.attempted_at} />
      </div>
      <dl className={styles.facts}>
        <dt>Answer</dt>
        <dd>{attempt.response_status !== null ? <span className={styles.code}>HTTP {attempt.response_status}</span> : <span className={textStyles.muted}>No answer</span>}</dd>
        <dt>Latency</dt>
        <dd>{formatCount(attempt.latency_ms)} ms</dd>
        {attempt.error && <><dt>Error</dt><dd className={styles.error}>{attempt.error}</dd></>}
        <dt>Body</dt>
        <dd>{attempt.response_body === null ? <span className={textStyles.muted}>Empty</span> : <pre className={styles.pre}>{attempt.response_body}</pre>}</dd>
      </dl>
    </li>
  );
}

function Details({ delivery }: { readonly delivery: WebhookDeliveryDetail }): ReactElement {
  return (
    <div className={styles.stack}>
      <dl className={styles.facts}>
        <dt>Event</dt><dd><span className={styles.code}>{delivery.event_type}</span> <span className={textStyles.muted}>{delivery.event_id}</span></dd>
        <dt>Status</dt><dd><DeliveryStatus delivery={delivery} /></dd>
        <dt>Queued</dt><dd><Time iso={delivery.created_at} /></dd>
        {delivery.next_attempt_at && <><dt>Next attempt</dt><dd><Time iso={delivery.next_attempt_at} /></dd></>}
      </dl>
      <section aria-label="Attempts">
        <h3 className={styles.sectionTitle}>Attempts ({delivery.attempt_history.length})</h3>
        {delivery.attempt_history.length === 0 ? (
          <p className={textStyles.muted}>
            {delivery.attempts === 0
              ? 'Not attempted yet.'
              : `${delivery.attempts} attempt${delivery.attempts === 1 ? ' was' : 's were'} made before the gateway kept each one; the deliveries list shows the last answer.`}
          </p>
        ) : (
          <ol className={styles.attempts}>{delivery.attempt_history.map((a) => <AttemptItem key={a.attempt} attempt={a} />)}</ol>
        )}
      </section>
      <section aria-label="Payload">
        <h3 className={styles.sectionTitle}>Payload (the same on every attempt)</h3>
        <pre className={styles.pre}>{prettyPayload(delivery.payload)}</pre>
      </section>
    </div>
  );
}

/** A side panel with one delivery and every attempt made for it (`?delivery=`). */
export function DeliveryDrawer({ orgId, endpointId, deliveryId, onClose }: {
  readonly orgId: string;
  readonly endpointId: string;
  readonly deliveryId: string | undefined;
  readonly onClose: () => void;
}): ReactElement {
  const detail = useQuery({ ...deliveryQuery(orgId, endpointId, deliveryId ?? ''), enabled: deliveryId !== undefined });
  return (
    <SideDrawer open={deliveryId !== undefined} onClose={onClose} title={<>Delivery {deliveryId}</>}>
      {detail.error ? <ErrorBanner error={detail.error} /> : detail.data ? <Details delivery={detail.data} /> : <p className={textStyles.muted} aria-busy="true">Loading…</p>}
    </SideDrawer>
  );
}
