import type { ModelPricing } from '../../config/catalogue-types.js';
import { divRoundHalfUp, formatUsd, NANO_PER_USD } from '../../core/money.js';
import type { RequestLogRow } from '../../billing/request-log-repository.js';

/** One token class of a request times its catalogue price. */
export interface CostLine {
  /** `input` (uncached prompt), `cached_input`, `output` (visible) or `reasoning`. */
  readonly tokenClass: 'input' | 'cached_input' | 'output' | 'reasoning';
  /** Tokens of that class. */
  readonly tokens: number;
  /** Catalogue price per million tokens, USD decimal string. */
  readonly pricePerMillionUsd: string;
  /** tokens x price, exact (up to 15 decimals: a million-token price divides into femto-USD without rest). */
  readonly amountUsd: string;
}

/** A request's cost taken apart: each line exact, their sum rounded once, half up, to the nano-USD. */
export interface CostExplanation {
  readonly lines: readonly CostLine[];
  /** The exact sum of the lines (up to 15 decimals). */
  readonly exactUsd: string;
  /** That sum rounded once, half up, to the nano-USD: what the gateway bills. */
  readonly roundedUsd: string;
  /** Whether the rounded sum equals the cost recorded (false when prices changed since, or a class the log does not keep was billed, such as cache writes). */
  readonly matchesCost: boolean;
}

const FEMTO_PER_NANO = 1_000_000n;

/**
 * Explain the cost of a logged request with today's catalogue prices, as `priceUsage` computed it:
 * cached prompt tokens at the cached price (else the input price), reasoning tokens at the reasoning
 * price when the model prices them apart (else they are output), the rest at input and output.
 */
export function explainCost(row: RequestLogRow, pricing: ModelPricing): CostExplanation {
  const cached = Math.min(row.cachedTokens, row.inputTokens);
  const reasoning = pricing.reasoning === null ? 0 : Math.min(row.reasoningTokens, row.outputTokens);
  const classes: [CostLine['tokenClass'], number, bigint][] = [
    ['input', row.inputTokens - cached, pricing.input],
    ['cached_input', cached, pricing.cachedInput ?? pricing.input],
    ['output', row.outputTokens - reasoning, pricing.output],
    ['reasoning', reasoning, pricing.reasoning ?? pricing.output],
  ];
  let totalFemto = 0n;
  const lines: CostLine[] = [];
  for (const [tokenClass, tokens, nanoPerMillion] of classes) {
    if (tokens <= 0 && !(tokenClass === 'input' || tokenClass === 'output')) continue;
    // tokens x nano per million = femto-USD (1e-15), exact.
    const femto = BigInt(Math.max(0, tokens)) * nanoPerMillion;
    totalFemto += femto;
    lines.push({ tokenClass, tokens: Math.max(0, tokens), pricePerMillionUsd: formatUsd(nanoPerMillion), amountUsd: formatFemtoUsd(femto) });
  }
  const rounded = divRoundHalfUp(totalFemto, FEMTO_PER_NANO);
  return { lines, exactUsd: formatFemtoUsd(totalFemto), roundedUsd: formatUsd(rounded), matchesCost: rounded === row.costNano };
}

/** Femto-USD as a USD decimal string with 9 to 15 decimals (trailing zeros beyond the ninth dropped). */
export function formatFemtoUsd(femto: bigint): string {
  const perUsd = NANO_PER_USD * FEMTO_PER_NANO;
  const whole = femto / perUsd;
  const fraction = (femto % perUsd).toString().padStart(15, '0').replace(/0{1,6}$/, '');
  return `${whole}.${fraction.padEnd(9, '0')}`;
}
