import { describe, expect, it } from 'vitest';
import { costOf, formatUsd, formatUsdCents, parseSignedUsd, parseUsd } from './money.js';

describe('parseUsd', () => {
  it('should parse decimals exactly', () => {
    expect(parseUsd('0.15')).toBe(150_000_000n);
    expect(parseUsd('10')).toBe(10_000_000_000n);
    expect(parseUsd('0.000000001')).toBe(1n);
  });
  it('should refuse non-decimals and more than 9 decimals', () => {
    for (const bad of ['', '-1', '1e3', 'abc', '0.0000000001', '1.2.3', ' .5']) expect(parseUsd(bad)).toBeNull();
  });
  it('should parse signed amounts', () => {
    expect(parseSignedUsd('-2.5')).toBe(-2_500_000_000n);
  });
});

describe('formatUsd', () => {
  it('should print 9 decimals', () => {
    expect(formatUsd(123_450n)).toBe('0.000123450');
    expect(formatUsd(-1n)).toBe('-0.000000001');
    expect(formatUsd(12_000_000_000n)).toBe('12.000000000');
  });
  it('should print whole cents with 2 decimals', () => {
    expect(formatUsdCents(10_000_000_000n)).toBe('10.00');
    expect(formatUsdCents(10_050_000_000n)).toBe('10.05');
    expect(formatUsdCents(1n)).toBe('0.000000001');
  });
});

describe('costOf', () => {
  it('should sum classes before rounding once, half up', () => {
    // 3 tokens at $0.0375/M = 112.5 nano -> 113 nano when rounded once.
    expect(costOf([{ units: 3, nanoPerMillion: 37_500_000n }])).toBe(113n);
    // 1 token at 0.0375 (37.5) + 1 token at 0.0375 (37.5) = 75, not 38 + 38.
    expect(
      costOf([
        { units: 1, nanoPerMillion: 37_500_000n },
        { units: 1, nanoPerMillion: 37_500_000n },
      ]),
    ).toBe(75n);
  });
  it('should price a million tokens at the list price', () => {
    expect(costOf([{ units: 1_000_000, nanoPerMillion: 600_000_000n }])).toBe(600_000_000n);
  });
});
