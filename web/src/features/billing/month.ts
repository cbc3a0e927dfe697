import { formatMonth } from '../../lib/time';

/** UTC months as the billing API reads them (`YYYY-MM`), and the ISO range each covers. */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether text is a `YYYY-MM` month. */
export function isMonth(text: string): boolean {
  return MONTH.test(text);
}

/** The UTC month an instant falls in. */
export function monthOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month `delta` months after `month` (negative: before). */
export function addMonths(month: string, delta: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return monthOf(Date.UTC(year, mon - 1 + delta, 1));
}

/** The month as ISO instants: its first moment and the first moment of the next month. */
export function monthRange(month: string): { readonly from: string; readonly to: string } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, mon - 1, 1)).toISOString(), to: new Date(Date.UTC(year, mon, 1)).toISOString() };
}

/** "November 2026", named in English the way the statement PDF names it. */
export function monthLabel(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return formatMonth(new Date(Date.UTC(year, mon - 1, 1)).toISOString());
}
