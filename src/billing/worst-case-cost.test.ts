import { describe, expect, it } from 'vitest';
import type { CatalogueModel, ModelPricing } from '../config/catalogue-types.js';
import { effectiveMaxOutputTokens, worstCaseCost } from './worst-case-cost.js';

const pricing: ModelPricing = { input: 3_000_000_000n, output: 15_000_000_000n, cachedInput: 300_000_000n, cacheWrite: 3_750_000_000n, reasoning: null, searchUnit: null, display: {} };
const model = { kind: 'chat', maxOutputTokens: 8000, defaultMaxOutputTokens: 1000, pricing } as unknown as CatalogueModel;

describe('effectiveMaxOutputTokens', () => {
  it('should prefer max_completion_tokens, then max_tokens, cap at the ceiling, and default otherwise', () => {
    expect(effectiveMaxOutputTokens({ max_completion_tokens: 10, max_tokens: 20 }, model)).toBe(10);
    expect(effectiveMaxOutputTokens({ max_tokens: 20 }, model)).toBe(20);
    expect(effectiveMaxOutputTokens({ max_tokens: 1e9 }, model)).toBe(8000);
    expect(effectiveMaxOutputTokens({}, model)).toBe(1000);
    expect(effectiveMaxOutputTokens({ max_tokens: 'lots' }, model)).toBe(1000);
    expect(effectiveMaxOutputTokens({ max_tokens: 5 }, { ...model, kind: 'embedding' } as CatalogueModel)).toBe(0);
  });
});

describe('worstCaseCost', () => {
  it('should price every prompt token at the dearest input class and every output token at the output price, rounded once', () => {
    // 1000 × 3.75 + 500 × 15 USD per million = 0.01125 USD
    expect(worstCaseCost(1000, 500, pricing)).toBe(11_250_000n);
    expect(worstCaseCost(1, 0, { ...pricing, cacheWrite: null })).toBe(3_000n);
  });
});
