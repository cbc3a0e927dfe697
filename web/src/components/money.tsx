import type { ReactElement } from 'react';
import { formatUsd, type FormatUsdOptions } from '../lib/money';

/** Props of {@link Money}. */
export interface MoneyProps extends FormatUsdOptions {
  /** A USD decimal string exactly as the API sent it ("0.000123450"); never a number. */
  readonly usd: string | null;
  /** Shown for null ("No limit", "—"). */
  readonly empty?: string;
}

/**
 * An amount of USD, printed from the API's decimal string without a float. When rounded to
 * cents, the exact amount is on hover.
 */
export function Money({ usd, empty = '—', precision = 'exact' }: MoneyProps): ReactElement {
  if (usd === null) return <span>{empty}</span>;
  let text: string;
  try {
    text = formatUsd(usd, { precision });
  } catch {
    return <span>{usd}</span>;
  }
  const exact = precision === 'cents' ? formatUsd(usd) : null;
  return <span className="tabular" {...(exact !== null && exact !== text ? { title: `Exactly ${exact}` } : {})}>{text}</span>;
}
