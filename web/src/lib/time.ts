/**
 * Times as the API sends them (ISO 8601 UTC) shown in the person's time zone, with the UTC
 * instant one hover away. Formatters are cached: tables format thousands of cells.
 */
import { formatCount } from './count';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let cached = formatters.get(key);
  if (cached === undefined) {
    cached = new Intl.DateTimeFormat(undefined, options);
    formatters.set(key, cached);
  }
  return cached;
}

/** How {@link formatTime} prints an instant. */
export type TimeStyle = 'datetime' | 'date' | 'time';

/** Format an ISO instant in a time zone (the browser's by default): "Nov 21, 2026, 8:00:05 PM". */
export function formatTime(iso: string, style: TimeStyle = 'datetime', timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions =
    style === 'date' ? { dateStyle: 'medium' } : style === 'time' ? { timeStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'medium' };
  return formatter(`${style}|${timeZone ?? ''}`, { ...options, ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** The instant in UTC, unambiguous for support and logs: "2026-11-21 20:00:05 UTC". */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

let relativeFormat: Intl.RelativeTimeFormat | undefined;

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 minutes ago", "in 2 days", "just now", relative to `now` (ms). */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  if (Math.abs(seconds) < 45) return 'just now';
  relativeFormat ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const rtf = relativeFormat;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(Math.round(seconds / 60), 'minute');
}

/**
 * Build the formatters tables use before a table needs them. The first Intl formatter of a fresh
 * page loads the browser's locale and time-zone data, 50-300 ms of main thread on this project's
 * machines, and a page would pay it when its data arrived, between the answer and the rows on
 * screen. Call it while the page waits for the network instead.
 */
export function warmUpFormatters(): void {
  const iso = new Date().toISOString();
  formatTime(iso, 'datetime');
  formatTime(iso, 'date', 'UTC');
  formatTime(iso, 'datetime', 'UTC');
  formatRelative(new Date(Date.now() - 3_600_000).toISOString());
  formatCount(1234);
}
