import type { ReactElement } from 'react';
import { CopyButton } from './copy-button';
import styles from './secret-reveal.module.css';

/** Props of {@link SecretReveal}. */
export interface SecretRevealProps {
  /** The secret as the API returned it, this once. */
  readonly secret: string;
  /** What it is ("access token", "API key"), used in the warning and the copy label. */
  readonly what: string;
}

/**
 * A secret shown once, right after it was created: the API stores only its hash, so this is the
 * only time anyone sees it. Keep it in component state only (never in the URL, the query cache or
 * storage) so it is gone when the dialog closes.
 */
export function SecretReveal({ secret, what }: SecretRevealProps): ReactElement {
  return (
    <div className={styles.box}>
      <p className={styles.warning}>Copy this {what} now. It is shown only once and cannot be shown again.</p>
      <div className={styles.row}>
        <code className={styles.value} data-testid="secret-value" tabIndex={0} aria-label={`${what} secret`}>{secret}</code>
        <CopyButton value={secret} label={`Copy ${what}`} size="md" showLabel />
      </div>
    </div>
  );
}
