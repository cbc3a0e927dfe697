import type { ErrorComponentProps } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { Button } from '../components/button';
import { ErrorBanner } from '../components/error-banner';
import styles from './status-page.module.css';

/** What a page shows when it failed to load: the error in words and a way to retry. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps): ReactElement {
  return (
    <main className={styles.page}>
      <div className={styles.stack}>
        <ErrorBanner error={error} title="This page could not be loaded." />
        <div>
          <Button onClick={reset}>Try again</Button>
        </div>
      </div>
    </main>
  );
}
