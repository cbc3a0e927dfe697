import { CircleExclamationPoint, CircleCheck, X } from 'lucide-react';
import { Toast as Radix } from 'radix-ui';
import { useSyncExternalStore, type ReactElement } from 'react';
import { cx } from '../lib/cx';
import { Button } from './button';
import styles from './toast.module.css';

interface ToastItem {
  readonly id: number;
  readonly tone: 'success' | 'error';
  readonly message: string;
}

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

function show(tone: ToastItem['tone'], message: string): void {
  emit([...items, { id: nextId++, tone, message }]);
}

/** Tell the person an action finished ("Token revoked."); read out by screen readers. */
export const toast = {
  success: (message: string): void => show('success', message),
  error: (message: string): void => show('error', message),
};

/** Renders the toasts; mounted once at the root of the app. */
export function Toaster(): ReactElement {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
  );
  return (
    <Radix.Provider swipeDirection="right" duration={5000}>
      {current.map((item) => (
        <Radix.Root
          key={item.id}
          className={cx(styles.toast, styles[item.tone])}
          type={item.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) emit(items.filter((other) => other.id !== item.id));
          }}
        >
          {item.tone === 'success' ? <CircleCheck className={styles.icon} size={16} aria-hidden /> : <CircleExclamationPoint className={styles.icon} size={16} aria-hidden />}
          <Radix.Title className={styles.title}>{item.message}</Radix.Title>
          <Radix.Close asChild>
            <Button variant="ghost" size="sm" iconOnly aria-label="Dismiss"><X size={14} aria-hidden /></Button>
          </Radix.Close>
        </Radix.Root>
      ))}
      <Radix.Viewport className={styles.viewport} />
    </Radix.Provider>
  );
}
