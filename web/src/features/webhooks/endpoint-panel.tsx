import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Time } from '../../components/time';
import { toast } from '../../components/toast';
import { DeliveriesTable } from './deliveries-table';
import { endpointQuery, useDeleteEndpoint, useSendTest, useSetEndpointEnabled, type WebhookEndpoint } from './queries';
import { RotateSecretDialog } from './rotate-secret-dialog';
import styles from './webhooks.module.css';
import textStyles from '../../styles/text.module.css';

/** The actions on an endpoint the person may take (from its `abilities`). */
function EndpointActions({ orgId, endpoint, onDeleted }: { readonly orgId: string; readonly endpoint: WebhookEndpoint; readonly onDeleted: () => void }): ReactElement {
  const test = useSendTest(orgId);
  const setEnabled = useSetEndpointEnabled(orgId);
  const remove = useDeleteEndpoint(orgId);
  const can = endpoint.abilities;
  return (
    <div className={styles.stack}>
      <div className={styles.actions}>
        {can.test && (
          <Button size="sm" variant="primary" disabled={!endpoint.enabled} loading={test.isPending}
            onClick={() => test.mutate(endpoint.id, { onSuccess: () => toast.success('Test event queued; it appears below when sent.') })}>
            Send test event
          </Button>
        )}
        {can.rotate_secret && <RotateSecretDialog orgId={orgId} endpoint={endpoint} />}
        {can.update && (
          endpoint.enabled ? (
            <ConfirmDialog
              trigger={<Button size="sm">Disable</Button>}
              title="Disable this endpoint?"
              description="It gets nothing while disabled: no new deliveries are queued, and those already queued end as failed."
              confirmLabel="Disable endpoint"
              onConfirm={async () => {
                await setEnabled.mutateAsync({ endpointId: endpoint.id, enabled: false });
                toast.success('Endpoint disabled.');
              }}
            />
          ) : (
            <Button size="sm" loading={setEnabled.isPending} onClick={() => setEnabled.mutate({ endpointId: endpoint.id, enabled: true }, { onSuccess: () => toast.success('Endpoint enabled.') })}>Enable</Button>
          )
        )}
        {can.delete && (
          <ConfirmDialog
            trigger={<Button size="sm" variant="ghost">Delete</Button>}
            title="Delete this endpoint?"
            description="Its deliveries are deleted with it, and it receives nothing more. This cannot be undone."
            confirmLabel="Delete endpoint"
            onConfirm={async () => {
              await remove.mutateAsync(endpoint.id);
              toast.success('Endpoint deleted.');
              onDeleted();
            }}
          />
        )}
      </div>
      <ErrorBanner error={test.error ?? setEnabled.error} />
      {!endpoint.enabled && <p className={textStyles.muted}>Disabled endpoints cannot be sent a test; enable it first.</p>}
    </div>
  );
}

/** One endpoint: its settings, its actions and its deliveries. */
export function EndpointPanel({ orgId, endpointId, onClose }: { readonly orgId: string; readonly endpointId: string; readonly onClose: () => void }): ReactElement {
  const endpoint = useQuery(endpointQuery(orgId, endpointId));
  const e = endpoint.data;
  return (
    <Card title="Endpoint">
      {endpoint.error ? (
        <ErrorBanner error={endpoint.error} title="Could not load the endpoint." />
      ) : !e ? (
        <p className={textStyles.muted} aria-busy="true">Loading…</p>
      ) : (
        <div className={styles.stack}>
          <dl className={styles.facts}>
            <dt>URL</dt><dd className={styles.url}>{e.url}</dd>
            {e.description && <><dt>Description</dt><dd>{e.description}</dd></>}
            <dt>Status</dt><dd>{e.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>}</dd>
            <dt>Events</dt><dd className={styles.tags}>{e.event_types.map((t) => <Badge key={t}>{t === '*' ? 'Every event' : t}</Badge>)}</dd>
            {e.previous_secret_expires_at && <><dt>Previous secret</dt><dd>Still signs until <Time iso={e.previous_secret_expires_at} /></dd></>}
            <dt>Added</dt><dd><Time iso={e.created_at} /></dd>
          </dl>
          <EndpointActions orgId={orgId} endpoint={e} onDeleted={onClose} />
          <h3 className={textStyles.muted}>Deliveries (kept 30 days)</h3>
          <DeliveriesTable orgId={orgId} endpointId={e.id} />
        </div>
      )}
    </Card>
  );
}
