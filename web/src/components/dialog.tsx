import { X } from 'lucide-react';
import { Dialog as Radix } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { Button } from './button';
import styles from './dialog.module.css';

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** The element that opens the dialog (usually a {@link Button}); omit when `open` is controlled. */
  readonly trigger?: ReactElement;
  readonly open?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
  readonly title: string;
  readonly description?: ReactNode;
  /** Buttons at the bottom, primary action last. */
  readonly footer?: ReactNode;
  readonly children?: ReactNode;
}

/** A modal dialog (Radix: focus trapped, Escape closes, the page behind is inert). */
export function Dialog({ trigger, open, onOpenChange, title, description, footer, children }: DialogProps): ReactElement {
  return (
    <Radix.Root {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger && <Radix.Trigger asChild>{trigger}</Radix.Trigger>}
      <Radix.Portal>
        <Radix.Overlay className={styles.overlay} />
        <Radix.Content className={styles.content} {...(description ? {} : { 'aria-describedby': undefined })}>
          <div className={styles.header}>
            <div>
              <Radix.Title className={styles.title}>{title}</Radix.Title>
              {description && <Radix.Description className={styles.description}>{description}</Radix.Description>}
            </div>
            <Radix.Close asChild>
              <Button variant="ghost" size="sm" iconOnly aria-label="Close"><X size={16} aria-hidden /></Button>
            </Radix.Close>
          </div>
          {children && <div className={styles.body}>{children}</div>}
          {footer && <div className={styles.footer}>{footer}</div>}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** A button that closes the dialog it is in (Cancel, Done). */
export function DialogClose({ children }: { readonly children: ReactElement }): ReactElement {
  return <Radix.Close asChild>{children}</Radix.Close>;
}
