import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { EmptyState } from '../components/empty-state';
import styles from './status-page.module.css';

/** A console URL that matches no page, or an organization or project the person cannot reach. */
export function NotFoundPage(): ReactElement {
  return (
    <main className={styles.page}>
      <EmptyState title="Nothing here" action={<Link to="/">Go to the console</Link>}>
        This page does not exist, or it belongs to an organization or project you cannot reach.
      </EmptyState>
    </main>
  );
}
