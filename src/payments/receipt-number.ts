/** The receipt-number prefix of a month: `R-YYYYMM-` (UTC). */
export function receiptPrefix(now: number): string {
  const date = new Date(now);
  return `R-${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}-`;
}

/** The `sequence`-th receipt of the month of `now`: `R-202611-000123`. */
export function formatReceiptNumber(now: number, sequence: number): string {
  return `${receiptPrefix(now)}${String(sequence).padStart(6, '0')}`;
}
