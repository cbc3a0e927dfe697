// Counts are grouped by hand, like money (lib/money.ts): the first Intl formatter of a fresh page
// loads the browser's ICU data, 30-130 ms of main thread on this project's machines, in the middle
// of a cold open. The console is written in English, and its numbers follow it.

import { groupThousands } from './money';

/** A count for people: "1,234,567", "-12,000"; a fraction keeps up to three decimals ("1,234.568"). */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const [whole = '0', fraction] = Math.abs(Number.isInteger(value) ? value : Math.round(value * 1000) / 1000).toString().split('.');
  // Beyond 1e21 toString switches to exponent notation; no count on screen gets there.
  return `${sign}${groupThousands(whole)}${fraction === undefined ? '' : `.${fraction}`}`;
}
