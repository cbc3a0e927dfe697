import type { ReactElement, ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './badge.module.css';

/** Props of {@link Badge}. */
export interface BadgeProps {
  /** `success` active/ok, `warning` deprecated/expiring, `danger` revoked/failed, `accent` new or highlighted. */
  readonly tone?: 'neutral' | 'accent' | 'success' | 'warning' | 'danger';
  readonly children: ReactNode;
}

/** A short status or label ("Revoked", "Owner", "Deprecated"); always words, never colour alone. */
export function Badge({ tone = 'neutral', children }: BadgeProps): ReactElement {
  return <span className={cx(styles.badge, styles[tone])}>{children}</span>;
}
