import { describe, expect, it } from 'vitest';
import { compareUsd, formatNano, formatUsd, parseUsdNano, sumUsd } from './money';

describe('money', () => {
  it('should parse decimal strings to exact nano-USD and print them back', () => {
    expect(parseUsdNano('0.000123450')).toBe(123_450n);
    expect(parseUsdNano('-25.00')).toBe(-25_000_000_000n);
    expect(parseUsdNano('90071992547.409910001')).toBe(90_071_992_547_409_910_001n);
    expect(formatNano(-104_000_000n)).toBe('-0.104000000');
    expect(() => parseUsdNano('1e-9')).toThrow(/Not a USD amount/);
    expect(() => parseUsdNano('0.0000000001')).toThrow();
  });

  it('should sum without the float error 0.1 + 0.2 would have', () => {
    expect(sumUsd(['0.100000000', '0.200000000'])).toBe('0.300000000');
    expect(sumUsd(['90071992547.409910001', '0.000000001', '-1'])).toBe('90071992546.409910002');
    expect(sumUsd([])).toBe('0.000000000');
  });

  it('should show every significant decimal by default, at least cents', () => {
    expect(formatUsd('0.000123450')).toBe('$0.00012345');
    expect(formatUsd('25.000000000')).toBe('$25.00');
    expect(formatUsd('1234567.5')).toBe('$1,234,567.50');
    expect(formatUsd('-0.104000000')).toBe('-$0.104');
    expect(formatUsd('0')).toBe('$0.00');
  });

  it('should round half away from zero to cents when asked', () => {
    expect(formatUsd('11.244999999', { precision: 'cents' })).toBe('$11.24');
    expect(formatUsd('11.245000000', { precision: 'cents' })).toBe('$11.25');
    expect(formatUsd('-0.005', { precision: 'cents' })).toBe('-$0.01');
    expect(formatUsd('9999999.999', { precision: 'cents' })).toBe('$10,000,000.00');
  });

  it('should compare amounts', () => {
    expect(['2.5', '-1', '10', '2.50000001'].sort(compareUsd)).toEqual(['-1', '2.5', '2.50000001', '10']);
  });
});
