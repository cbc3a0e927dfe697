import { Popover as Radix } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './menu.module.css';

/** Props of {@link Popover}. */
export interface PopoverProps {
  readonly trigger: ReactElement;
  readonly children: ReactNode;
  readonly open?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
  readonly align?: 'start' | 'center' | 'end';
  /** Accessible name of the panel. */
  readonly label: string;
  readonly className?: string;
}

/** A panel anchored to a button, for content richer than a menu (notifications). */
export function Popover({ trigger, children, open, onOpenChange, align = 'end', label, className }: PopoverProps): ReactElement {
  return (
    <Radix.Root {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      <Radix.Trigger asChild>{trigger}</Radix.Trigger>
      <Radix.Portal>
        <Radix.Content className={cx(styles.surface, className)} align={align} sideOffset={6} collisionPadding={8} aria-label={label}>
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
