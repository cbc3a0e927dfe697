import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Suspense, useState, type ReactElement } from 'react';
import logo from '../../assets/favicon.svg';
import { Button } from '../../components/button';
import { NotificationBell } from './notification-bell';
import styles from './shell.module.css';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

/** On a phone the sidebar opens as a drawer, closed again by any navigation. */
function MobileNavigation(): ReactElement {
  const href = useRouterState({ select: (state) => state.location.href });
  // Open for the page it was opened on: navigating anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  return (
    <Dialog.Root open={openOn === href} onOpenChange={(open) => setOpenOn(open ? href : null)}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" iconOnly className={styles.menuButton} aria-label="Open navigation">
          <Menu size={18} aria-hidden />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.drawerOverlay} />
        <Dialog.Content className={styles.drawer} aria-describedby={undefined}>
          <Dialog.Title className="visually-hidden">Navigation</Dialog.Title>
          <Sidebar />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The frame of every signed-in page: sidebar (a drawer below 1024 px), top bar, and the page. */
export function ShellLayout(): ReactElement {
  return (
    <div className={styles.shell}>
      <a href="#content" className={styles.skip}>Skip to content</a>
      <aside className={styles.sidebar}>
        <Sidebar />
      </aside>
      <div className={styles.main}>
        <header className={styles.topbar}>
          <MobileNavigation />
          <Link to="/" className={styles.topbarBrand} aria-label="tf-gateway console home">
            <img src={logo} alt="" width={22} height={22} />
          </Link>
          <div className={styles.spacer} />
          <NotificationBell />
          <UserMenu />
        </header>
        <main id="content" className={styles.content} tabIndex={-1}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
