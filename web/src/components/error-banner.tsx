import { CircleExclamationPoint } from 'lucide-react';
import type { ReactElement } from 'react';
import { errorMessage, isApiError } from '../api/api-error';
import styles from './error-banner.module.css';

/** Props of {@link ErrorBanner}. */
export interface ErrorBannerProps {
  /** What failed: an ApiError shows the API's message and its request id; nothing renders for null. */
  readonly error: unknown;
  /** Words before the message ("Could not revoke the token."). */
  readonly title?: string;
}

/** An error in words, next to what caused it, with the `req_` id to quote to support. */
export function ErrorBanner({ error, title }: ErrorBannerProps): ReactElement | null {
  if (error === null || error === undefined) return null;
  const requestId = isApiError(error) ? error.requestId : null;
  return (
    <div className={styles.banner} role="alert">
      <CircleExclamationPoint className={styles.icon} size={16} aria-hidden />
      <div className={styles.text}>
        <span>{title ? `${title} ` : ''}{errorMessage(error)}</span>
        {requestId && <code className={styles.requestId}>{requestId}</code>}
      </div>
    </div>
  );
}
