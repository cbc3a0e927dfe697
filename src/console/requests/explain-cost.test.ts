import { describe, expect, it } from 'vitest';
import type { RequestLogRow } from '../../billing/request-log-repository.js';
import type { ModelPricing } from '../../config/catalogue-types.js';
import { explainCost, formatFemtoUsd } from './explain-cost.js';

const pricing: ModelPricing = { input: 150_000_000n, output: 600_000_000n, cachedInput: 75_000_000n, cacheWrite: null, reasoning: null, searchUnit: null, display: {} };
const row = { inputTokens: 1001, cachedTokens: 1, outputTokens: 7, reasoningTokens: 3, costNano: 154_275n } as RequestLogRow;

describe('explainCost', () => {
  it('should take the cost apart exactly and round the sum once, half up', () => {
    const explained = explainCost(row, pricing);
    expect(explained.lines).toEqual([
      { tokenClass: 'input', tokens: 1000, pricePerMillionUsd: '0.150000000', amountUsd: '0.000150000' },
      { tokenClass: 'cached_input', tokens: 1, pricePerMillionUsd: '0.075000000', amountUsd: '0.000000075' },
      // Reasoning is not priced apart here: all 7 are output.
      { tokenClass: 'output', tokens: 7, pricePerMillionUsd: '0.600000000', amountUsd: '0.000004200' },
    ]);
    expect(explained.exactUsd).toBe('0.000154275');
    expect(explained.roundedUsd).toBe('0.000154275');
    expect(explained.matchesCost).toBe(true);
  });

  it('should say when the prices no longer give the recorded cost', () => {
    expect(explainCost({ ...row, costNano: 1n }, pricing).matchesCost).toBe(false);
  });
});

describe('formatFemtoUsd', () => {
  it('should keep 9 to 15 decimals, exactly', () => {
    expect(formatFemtoUsd(0n)).toBe('0.000000000');
    expect(formatFemtoUsd(1n)).toBe('0.000000000000001');
    expect(formatFemtoUsd(1_500_000n)).toBe('0.0000000015');
    expect(formatFemtoUsd(2_000_000_000_000_000n)).toBe('2.000000000');
  });
});
