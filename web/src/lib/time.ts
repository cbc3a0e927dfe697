/**
 * Times as the API sends them (ISO 8601 UTC) shown in the person's time zone, with the UTC
 * instant one hover away. Printed by hand in the console's language (English, as Chromium's
 * en-US formatter prints them: "Nov 21, 2026, 8:00:05 PM"), from Date's own fields: the first Intl
 * formatter of a fresh page loads the browser's ICU data, 30-130 ms of main thread on this
 * project's machines, between a cold open's data and its rows on screen. Only a named zone other
 * than UTC needs Intl (cached: tables format thousands of cells).
 */
import { groupThousands } from './money';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(style: TimeStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`;
  let cached = formatters.get(key);
  if (cached === undefined) {
    const options: Intl.DateTimeFormatOptions =
      style === 'date' ? { dateStyle: 'medium' } : style === 'time' ? { timeStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'medium' };
    cached = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

/** How {@link formatTime} prints an instant. */
export type TimeStyle = 'datetime' | 'date' | 'time';

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** Format an ISO instant in a time zone (the browser's by default): "Nov 21, 2026, 8:00:05 PM". */
export function formatTime(iso: string, style: TimeStyle = 'datetime', timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (timeZone !== undefined && timeZone !== 'UTC') return zoneFormatter(style, timeZone).format(date);
  const utc = timeZone === 'UTC';
  const hours = utc ? date.getUTCHours() : date.getHours();
  const day = `${MONTHS[utc ? date.getUTCMonth() : date.getMonth()]} ${utc ? date.getUTCDate() : date.getDate()}, ${utc ? date.getUTCFullYear() : date.getFullYear()}`;
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${two(utc ? date.getUTCMinutes() : date.getMinutes())}:${two(utc ? date.getUTCSeconds() : date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
  return style === 'date' ? day : style === 'time' ? clock : `${day}, ${clock}`;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The UTC month of an ISO instant, named: "November 2026". */
export function formatMonth(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The instant in UTC, unambiguous for support and logs: "2026-11-21 20:00:05 UTC". */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const UNITS: readonly [RelativeUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

type RelativeUnit = 'year' | 'month' | 'day' | 'hour' | 'minute';

/** What Intl.RelativeTimeFormat('en', { numeric: 'auto' }) says for one unit back, now and ahead. */
const NAMED: Partial<Record<RelativeUnit, readonly [string, string, string]>> = {
  year: ['last year', 'this year', 'next year'],
  month: ['last month', 'this month', 'next month'],
  day: ['yesterday', 'today', 'tomorrow'],
};

function relative(value: number, unit: RelativeUnit): string {
  const named = NAMED[unit];
  if (named !== undefined && Math.abs(value) <= 1) return named[value + 1]!;
  if (value === 0) return `this ${unit}`;
  const size = Math.abs(value);
  const amount = `${groupThousands(String(size))} ${unit}${size === 1 ? '' : 's'}`;
  return value < 0 ? `${amount} ago` : `in ${amount}`;
}

/** "3 minutes ago", "in 2 days", "yesterday", "just now", relative to `now` (ms). */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative(Math.round(seconds / size), unit);
  }
  return relative(Math.round(seconds / 60), 'minute');
}
