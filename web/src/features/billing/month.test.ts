import { describe, expect, it } from 'vitest';
import { addMonths, isMonth, monthLabel, monthOf, monthRange } from './month';

describe('month', () => {
  it('should accept only YYYY-MM months', () => {
    expect(isMonth('2026-11')).toBe(true);
    expect(['2026-13', '2026-1', '26-11', '2026-11-01', ''].map(isMonth)).toEqual([false, false, false, false, false]);
  });

  it('should cover a month in UTC, December into January included', () => {
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' });
    expect(monthOf(Date.parse('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
  });

  it('should step months across years and name them', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});
