import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { Button } from '../../components/button';
import { Popover } from '../../components/popover';
import { Time } from '../../components/time';
import { cx } from '../../lib/cx';
import { recentNotificationsQuery, unreadNotificationsQuery } from './queries';
import styles from './topbar.module.css';
import { useNotificationActions } from './use-notification-actions';

/** The bell: how many notifications are unread, the latest ones, read one or all. */
export function NotificationBell(): ReactElement {
  const [open, setOpen] = useState(false);
  const unread = useQuery(unreadNotificationsQuery);
  const recent = useQuery({ ...recentNotificationsQuery, enabled: open });
  const { readOne, readAll } = useNotificationActions();
  const count = unread.data?.data.length ?? 0;
  const countText = count > 99 || unread.data?.next_cursor ? '99+' : String(count);
  const label = count === 0 ? 'Notifications, none unread' : `Notifications, ${countText} unread`;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      label="Notifications"
      className={styles.panel}
      trigger={
        <Button variant="ghost" iconOnly className={styles.bell} aria-label={label}>
          <Bell size={18} aria-hidden />
          {count > 0 && <span className={styles.count} aria-hidden="true" data-testid="unread-count">{countText}</span>}
        </Button>
      }
    >
      <div className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>Notifications</h2>
        <Button size="sm" variant="ghost" disabled={count === 0} loading={readAll.isPending} onClick={() => readAll.mutate()}>Mark all read</Button>
      </div>
      {recent.data && recent.data.data.length === 0 && <p className={styles.empty}>Nothing yet. Balance alerts and other news land here.</p>}
      {recent.data && recent.data.data.length > 0 && (
        <ul className={styles.list}>
          {recent.data.data.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className={cx(styles.item, n.read_at === null ? styles.unread : styles.read)}
                onClick={() => {
                  if (n.read_at === null) readOne.mutate(n.id);
                }}
              >
                <span className={styles.dot} aria-hidden="true" />
                <span className={styles.itemTitle}>{n.read_at === null && <span className="visually-hidden">Unread: </span>}{n.title}</span>
                <span className={styles.itemBody}>{n.body}</span>
                <span className={styles.itemTime}><Time iso={n.created_at} format="relative" /></span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.panelFooter}>
        <Link to="/me" search={{ tab: 'notifications' }} onClick={() => setOpen(false)}>All notifications</Link>
      </div>
    </Popover>
  );
}
