import type { ReactElement } from 'react';
import { formatRelative, formatTime, formatUtc, type TimeStyle } from '../lib/time';
import styles from './time.module.css';

/** Props of {@link Time}. */
export interface TimeProps {
  /** An ISO 8601 instant as the API sent it, or null. */
  readonly iso: string | null;
  /** `relative` says "3 minutes ago"; the others print in the person's time zone. */
  readonly format?: TimeStyle | 'relative';
  /** Shown for null ("Never"). */
  readonly empty?: string;
}

/** An instant in the person's time zone; hover (title) shows it in UTC. */
export function Time({ iso, format = 'datetime', empty = '—' }: TimeProps): ReactElement {
  if (iso === null) return <span>{empty}</span>;
  const text = format === 'relative' ? formatRelative(iso) : formatTime(iso, format);
  const utc = formatUtc(iso);
  return <time dateTime={iso} title={format === 'relative' ? `${formatTime(iso)} (${utc})` : utc}>{text}</time>;
}

/** The date, and under it the time of day in a quieter line: an instant in a table cell kept narrow. */
export function DateOverTime({ iso }: { readonly iso: string }): ReactElement {
  return (
    <div>
      <Time iso={iso} format="date" />
      <span className={styles.second}><Time iso={iso} format="time" /></span>
    </div>
  );
}
