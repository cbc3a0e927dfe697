import { Check } from 'lucide-react';
import { DropdownMenu as Radix } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import styles from './menu.module.css';

/** Props of {@link DropdownMenu}. */
export interface DropdownMenuProps {
  /** The button that opens the menu. */
  readonly trigger: ReactElement;
  readonly children: ReactNode;
  readonly align?: 'start' | 'end';
  /** Accessible name of the menu. */
  readonly label?: string;
}

/** A menu of actions or links (Radix: arrow keys, type-ahead, Escape). */
export function DropdownMenu({ trigger, children, align = 'end', label }: DropdownMenuProps): ReactElement {
  return (
    // Not modal: no scroll lock, so the page does not jump when the menu opens.
    <Radix.Root modal={false}>
      <Radix.Trigger asChild>{trigger}</Radix.Trigger>
      <Radix.Portal>
        <Radix.Content className={styles.surface} align={align} sideOffset={6} {...(label ? { 'aria-label': label } : {})}>
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** One entry; pass `asChild` with a router `<Link>` for navigation. */
export function MenuItem({ children, onSelect, asChild = false, disabled = false }: { readonly children: ReactNode; readonly onSelect?: () => void; readonly asChild?: boolean; readonly disabled?: boolean }): ReactElement {
  return (
    <Radix.Item className={styles.item} asChild={asChild} disabled={disabled} {...(onSelect ? { onSelect } : {})}>
      {children}
    </Radix.Item>
  );
}

/** A small heading inside a menu. */
export function MenuLabel({ children }: { readonly children: ReactNode }): ReactElement {
  return <Radix.Label className={styles.label}>{children}</Radix.Label>;
}

/** A line between groups of entries. */
export function MenuSeparator(): ReactElement {
  return <Radix.Separator className={styles.separator} />;
}

/** A group of mutually exclusive choices (theme). */
export function MenuRadioGroup({ value, onValueChange, children, label }: { readonly value: string; readonly onValueChange: (value: string) => void; readonly children: ReactNode; readonly label: string }): ReactElement {
  return (
    <Radix.RadioGroup value={value} onValueChange={onValueChange} aria-label={label}>
      {children}
    </Radix.RadioGroup>
  );
}

/** One choice of a {@link MenuRadioGroup}. */
export function MenuRadioItem({ value, children }: { readonly value: string; readonly children: ReactNode }): ReactElement {
  return (
    <Radix.RadioItem className={styles.item} value={value}>
      {children}
      <Radix.ItemIndicator className={styles.indicator}><Check size={14} aria-hidden /></Radix.ItemIndicator>
    </Radix.RadioItem>
  );
}
