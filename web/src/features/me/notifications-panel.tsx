import { useNavigate, useSearch } from '@tanstack/react-router';
import { Inbox } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Time } from '../../components/time';
import { useNotificationActions } from '../shell/use-notification-actions';
import styles from './me.module.css';
import textStyles from '../../styles/text.module.css';
import { notificationsList, type Notification } from './queries';

/** Every notification, newest first; "Unread only" is kept in the URL. */
export function NotificationsPanel(): ReactElement {
  const search = useSearch({ from: '/app/me' });
  const navigate = useNavigate({ from: '/me' });
  const unreadOnly = search.unread === true;
  const list = useCursorList(notificationsList(unreadOnly));
  const { readOne, readAll } = useNotificationActions();
  const columns = useMemo((): DataColumns<Notification> => {
    const col = dataColumns<Notification>();
    return col.columns([
      col.accessor('title', {
        header: 'Notification',
        cell: (info) => (
          <div className={styles.wide}>
            <div className={styles.name}>{info.getValue()}</div>
            <div className={textStyles.muted}>{info.row.original.body}</div>
          </div>
        ),
      }),
      col.accessor('read_at', { header: 'Status', cell: (info) => (info.getValue() === null ? <Badge tone="accent">Unread</Badge> : <Badge>Read</Badge>) }),
      col.accessor('created_at', { header: 'Received', meta: { nowrap: true }, cell: (info) => <Time iso={info.getValue()} format="relative" /> }),
      col.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        meta: { align: 'right' },
        cell: (info) => (info.row.original.read_at === null ? <Button size="sm" variant="ghost" onClick={() => readOne.mutate(info.row.original.id)}>Mark read</Button> : null),
      }),
    ]);
  }, [readOne]);
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <label className={styles.filter}>
          <input
            type="checkbox"
            checked={unreadOnly}
            onChange={(e) => void navigate({ search: (prev) => ({ ...prev, ...(e.target.checked ? { unread: true } : { unread: undefined }) }) })}
          />
          Unread only
        </label>
        <Button size="sm" loading={readAll.isPending} onClick={() => readAll.mutate()}>Mark all read</Button>
      </div>
      <DataTable
        label="Notifications"
        columns={columns}
        list={list}
        rowId={(n) => n.id}
        stackOnPhone
        empty={<EmptyState icon={<Inbox size={28} />} title={unreadOnly ? 'Nothing unread' : 'No notifications yet'}>Balance alerts and other news about your organizations land here.</EmptyState>}
      />
    </div>
  );
}
