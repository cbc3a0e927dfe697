import { describe, expect, it } from 'vitest';
import { localDate, startOfLocalDay } from './local-date';

describe('local dates of the audit log range', () => {
  it('should round-trip a local day through ISO UTC, the end being the next day’s start', () => {
    const start = startOfLocalDay('2026-11-05')!;
    const end = startOfLocalDay('2026-11-05', 1)!;
    expect(localDate(start)).toBe('2026-11-05');
    expect(localDate(end)).toBe('2026-11-06');
    expect(Date.parse(end) - Date.parse(start)).toBeGreaterThanOrEqual(23 * 3_600_000);
  });

  it('should refuse what is not a date', () => {
    expect(startOfLocalDay('')).toBeUndefined();
    expect(startOfLocalDay('5 Nov')).toBeUndefined();
    expect(localDate(undefined)).toBe('');
  });
});
