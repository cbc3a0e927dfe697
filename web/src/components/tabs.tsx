import { Tabs as Radix } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import styles from './tabs.module.css';

/** Props of {@link Tabs}. */
export interface TabsProps<Value extends string> {
  /** The open tab; keep it in the URL's search params so a link opens the same tab. */
  readonly value: Value;
  readonly onValueChange: (value: Value) => void;
  readonly tabs: readonly { readonly value: Value; readonly label: string }[];
  /** Accessible name of the tab list. */
  readonly label: string;
  readonly children: ReactNode;
}

/** Tabs (Radix: arrow keys move between them). Put each panel in a {@link TabPanel}. */
export function Tabs<Value extends string>({ value, onValueChange, tabs, label, children }: TabsProps<Value>): ReactElement {
  return (
    <Radix.Root value={value} onValueChange={(next) => onValueChange(next as Value)}>
      <Radix.List className={styles.list} aria-label={label}>
        {tabs.map((tab) => <Radix.Trigger key={tab.value} className={styles.trigger} value={tab.value}>{tab.label}</Radix.Trigger>)}
      </Radix.List>
      {children}
    </Radix.Root>
  );
}

/** The content of one tab. */
export function TabPanel({ value, children }: { readonly value: string; readonly children: ReactNode }): ReactElement {
  return <Radix.Content value={value}>{children}</Radix.Content>;
}
