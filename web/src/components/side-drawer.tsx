import { X } from 'lucide-react';
import { Dialog as Radix } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { Button } from './button';
import styles from './side-drawer.module.css';

/** Props of {@link SideDrawer}. */
export interface SideDrawerProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title: ReactNode;
  readonly children: ReactNode;
}

/** A modal panel on the right edge with a title and a close button (a linkable detail of a list row). */
export function SideDrawer({ open, onClose, title, children }: SideDrawerProps): ReactElement {
  return (
    <Radix.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Radix.Portal>
        <Radix.Overlay className={styles.overlay} />
        <Radix.Content className={styles.drawer} aria-describedby={undefined}>
          <div className={styles.header}>
            <Radix.Title className={styles.title}>{title}</Radix.Title>
            <Radix.Close asChild>
              <Button variant="ghost" size="sm" iconOnly aria-label="Close"><X size={16} aria-hidden /></Button>
            </Radix.Close>
          </div>
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
