import type { ReactElement, ReactNode } from 'react';
import styles from './empty-state.module.css';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  readonly icon?: ReactNode;
  /** What is missing ("No access tokens yet"). */
  readonly title: string;
  /** Why it would be useful, and how to get one. */
  readonly children?: ReactNode;
  /** The action that fills it (a create button the person is allowed to press). */
  readonly action?: ReactNode;
}

/** What a list shows when it has nothing: what it is for and how to start. */
export function EmptyState({ icon, title, children, action }: EmptyStateProps): ReactElement {
  return (
    <div className={styles.empty}>
      {icon && <div className={styles.icon} aria-hidden="true">{icon}</div>}
      <p className={styles.title}>{title}</p>
      {children && <div className={styles.text}>{children}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
