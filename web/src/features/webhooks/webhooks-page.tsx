import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Webhook } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { Badge } from '../../components/badge';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Time } from '../../components/time';
import { useCurrentOrg } from '../shell/current-scope';
import { NoAccessPage } from '../shell/no-access-page';
import { CreateEndpointDialog } from './create-endpoint-dialog';
import { DeliveryDrawer } from './delivery-drawer';
import { EndpointPanel } from './endpoint-panel';
import { endpointsList, type WebhookEndpoint } from './queries';
import styles from './webhooks.module.css';
import textStyles from '../../styles/text.module.css';

/** The organization's webhook endpoints; choosing one opens its actions and deliveries (`?endpoint=`), a delivery its attempts (`&delivery=`). */
export function WebhooksPage(): ReactElement {
  const org = useCurrentOrg()!;
  if (!org.abilities.manage_webhooks) return <NoAccessPage title="Webhooks" />;
  return <Webhooks />;
}

function Webhooks(): ReactElement {
  const org = useCurrentOrg()!;
  const search = useSearch({ from: '/app/orgs/$orgId/webhooks' });
  const navigate = useNavigate({ from: '/orgs/$orgId/webhooks' });
  const list = useCursorList(endpointsList(org.id));
  const columns = useMemo((): DataColumns<WebhookEndpoint> => {
    const col = dataColumns<WebhookEndpoint>();
    return col.columns([
      col.accessor('url', {
        header: 'Endpoint',
        cell: (info) => (
          <div className={styles.wide}>
            <Link className={styles.urlLink} from="/orgs/$orgId/webhooks" search={{ endpoint: info.row.original.id }} aria-current={search.endpoint === info.row.original.id ? 'true' : undefined}>
              {info.getValue()}
            </Link>
            {info.row.original.description && <div className={textStyles.muted}>{info.row.original.description}</div>}
          </div>
        ),
      }),
      col.accessor('event_types', { header: 'Events', cell: (info) => (info.getValue().includes('*') ? 'Every event' : `${info.getValue().length} event type${info.getValue().length === 1 ? '' : 's'}`) }),
      col.accessor('enabled', { header: 'Status', cell: (info) => (info.getValue() ? <Badge tone="success">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>) }),
      col.accessor('created_at', { header: 'Added', meta: { nowrap: true }, cell: (info) => <Time iso={info.getValue()} format="date" /> }),
    ]);
  }, [search.endpoint]);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Endpoints that receive the organization's events (top-ups, balance alerts, keys, model retirements), signed per Standard Webhooks."
        actions={org.abilities.manage_webhooks ? <CreateEndpointDialog orgId={org.id} /> : null}
      />
      <div className={styles.stack}>
        <DataTable
          label="Webhook endpoints"
          columns={columns}
          list={list}
          rowId={(e) => e.id}
          empty={<EmptyState icon={<Webhook size={28} />} title="No webhook endpoints yet">Add one to have the gateway POST events to your systems.</EmptyState>}
        />
        {search.endpoint && <EndpointPanel key={search.endpoint} orgId={org.id} endpointId={search.endpoint} onClose={() => void navigate({ search: {} })} />}
      </div>
      {search.endpoint && (
        <DeliveryDrawer orgId={org.id} endpointId={search.endpoint} deliveryId={search.delivery} onClose={() => void navigate({ search: { endpoint: search.endpoint } })} />
      )}
    </>
  );
}
