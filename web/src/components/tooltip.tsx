import { Tooltip as Radix } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import styles from './tooltip.module.css';

/** Props of {@link Tooltip}. */
export interface TooltipProps {
  /** Extra detail; never the only place something essential is said. */
  readonly content: ReactNode;
  /** One focusable element (a button or link) the tooltip describes. */
  readonly children: ReactElement;
  readonly side?: 'top' | 'right' | 'bottom' | 'left';
}

/** A hint on hover and keyboard focus (Radix). */
export function Tooltip({ content, children, side = 'top' }: TooltipProps): ReactElement {
  return (
    <Radix.Root>
      <Radix.Trigger asChild>{children}</Radix.Trigger>
      <Radix.Portal>
        <Radix.Content className={styles.content} side={side} sideOffset={6}>
          {content}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** Shares the hover delay between tooltips; mounted once at the root of the app. */
export function TooltipProvider({ children }: { readonly children: ReactNode }): ReactElement {
  return <Radix.Provider delayDuration={300}>{children}</Radix.Provider>;
}
