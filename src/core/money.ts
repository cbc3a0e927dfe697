/**
 * Money is an integer count of nano-USD (1e-9 USD) held in a bigint; never a float.
 * Prices are decimal strings per million tokens, converted once at catalogue load.
 */

/** nano-USD per USD. */
export const NANO_PER_USD = 1_000_000_000n;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parse a non-negative USD decimal string ("0.15", "10.00") into nano-USD.
 * Returns null when the text is not a plain decimal or has more than 9 decimals (not exact).
 */
export function parseUsd(text: string): bigint | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const whole = m[1]!;
  const frac = m[2] ?? '';
  if (frac.length > 9) return null;
  return BigInt(whole) * NANO_PER_USD + BigInt(frac.padEnd(9, '0'));
}

/** Parse a signed USD decimal string ("-1.5"), as used for ledger adjustments. */
export function parseSignedUsd(text: string): bigint | null {
  const t = text.trim();
  if (t.startsWith('-')) {
    const v = parseUsd(t.slice(1));
    return v === null ? null : -v;
  }
  return parseUsd(t);
}

/** Format nano-USD as a decimal USD string with 9 decimals: 123450n -> "0.000123450". */
export function formatUsd(nano: bigint): string {
  const negative = nano < 0n;
  const abs = negative ? -nano : nano;
  const whole = abs / NANO_PER_USD;
  const frac = (abs % NANO_PER_USD).toString().padStart(9, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/** Format a whole-cent nano-USD amount with 2 decimals ("10.00"); falls back to 9 decimals otherwise. */
export function formatUsdCents(nano: bigint): string {
  const cent = NANO_PER_USD / 100n;
  if (nano % cent !== 0n) return formatUsd(nano);
  const negative = nano < 0n;
  const cents = (negative ? -nano : nano) / cent;
  return `${negative ? '-' : ''}${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** Divide and round half up (away from zero for the non-negative amounts we price). */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n) return -divRoundHalfUp(-numerator, denominator);
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** One priced quantity: a count of units and a price in nano-USD per million units. */
export interface PricedQuantity {
  /** How many tokens (or other units). */
  readonly units: number;
  /** Price in nano-USD per million units. */
  readonly nanoPerMillion: bigint;
}

/** The cost of several priced quantities, summed exactly and rounded once, half up, to the nano-USD. */
export function costOf(items: readonly PricedQuantity[]): bigint {
  let total = 0n;
  for (const item of items) {
    if (item.units > 0) total += BigInt(item.units) * item.nanoPerMillion;
  }
  return divRoundHalfUp(total, 1_000_000n);
}
