import type { ModelPricing } from '../config/catalogue-types.js';
import { costOf } from '../core/money.js';
import type { IrUsage } from '../protocol/ir/index.js';

/**
 * The exact cost of a request in nano-USD: each token class at its catalogue price (cached input,
 * cache writes and reasoning fall back to the plain input/output price), summed, rounded once.
 */
export function priceUsage(usage: IrUsage, pricing: ModelPricing, searchUnits = 0): bigint {
  const cacheRead = Math.min(usage.input.cacheRead, usage.input.total);
  const cacheWrite = Math.min(usage.input.cacheWrite, usage.input.total - cacheRead);
  const reasoning = pricing.reasoning === null ? 0 : Math.min(usage.output.reasoning, usage.output.total);
  return costOf([
    { units: usage.input.total - cacheRead - cacheWrite, nanoPerMillion: pricing.input },
    { units: cacheRead, nanoPerMillion: pricing.cachedInput ?? pricing.input },
    { units: cacheWrite, nanoPerMillion: pricing.cacheWrite ?? pricing.input },
    { units: usage.output.total - reasoning, nanoPerMillion: pricing.output },
    { units: reasoning, nanoPerMillion: pricing.reasoning ?? pricing.output },
    { units: searchUnits, nanoPerMillion: pricing.searchUnit ?? 0n },
  ]);
}
