/**
 * Money as the API sends it: USD decimal strings ("0.000123450", "-25.00"). Nothing here turns
 * money into a JavaScript number: amounts are parsed to integer nano-USD (BigInt) and printed back
 * digit by digit, so what the console shows is exactly what the ledger holds.
 */

const NANO_DIGITS = 9;
const NANO_PER_USD = 1_000_000_000n;
const USD_TEXT = /^(-)?(\d+)(?:\.(\d{1,9}))?$/;

/** Parse a USD decimal string into integer nano-USD; throws on anything else (more than 9 decimals included). */
export function parseUsdNano(text: string): bigint {
  const match = USD_TEXT.exec(text.trim());
  if (!match) throw new Error(`Not a USD amount: '${text}'.`);
  const [, minus, whole, fraction = ''] = match;
  const nano = BigInt(whole!) * NANO_PER_USD + BigInt(fraction.padEnd(NANO_DIGITS, '0'));
  return minus ? -nano : nano;
}

/** Print integer nano-USD as the API does: a decimal string with 9 places ("-0.104000000"). */
export function formatNano(nano: bigint): string {
  const sign = nano < 0n ? '-' : '';
  const abs = nano < 0n ? -nano : nano;
  return `${sign}${abs / NANO_PER_USD}.${(abs % NANO_PER_USD).toString().padStart(NANO_DIGITS, '0')}`;
}

/** Add USD decimal strings exactly; the result has 9 decimals. */
export function sumUsd(values: readonly string[]): string {
  return formatNano(values.reduce((total, value) => total + parseUsdNano(value), 0n));
}

/** Compare two USD decimal strings: negative, zero or positive, like a sort comparator. */
export function compareUsd(a: string, b: string): number {
  const diff = parseUsdNano(a) - parseUsdNano(b);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/** Digits grouped in threes with commas: "1234567" -> "1,234,567" (money and counts alike). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** How {@link formatUsd} prints an amount. */
export interface FormatUsdOptions {
  /**
   * `exact` (default): every significant decimal, at least two ("$0.00012345", "$25.00").
   * `cents`: rounded half away from zero to whole cents ("$11.25"), for balances and totals at a glance.
   */
  readonly precision?: 'exact' | 'cents';
}

/** Format a USD decimal string for people: "$1,234.50", "-$0.104", "$0.00012345". */
export function formatUsd(text: string, options: FormatUsdOptions = {}): string {
  let nano = parseUsdNano(text);
  if (options.precision === 'cents') {
    const centNano = NANO_PER_USD / 100n;
    const abs = nano < 0n ? -nano : nano;
    const cents = (abs + centNano / 2n) / centNano;
    nano = (nano < 0n ? -cents : cents) * centNano;
  }
  const sign = nano < 0n ? '-' : '';
  const abs = nano < 0n ? -nano : nano;
  const whole = groupThousands((abs / NANO_PER_USD).toString());
  let fraction = (abs % NANO_PER_USD).toString().padStart(NANO_DIGITS, '0').replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${sign}$${whole}.${fraction}`;
}
