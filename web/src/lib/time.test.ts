import { describe, expect, it } from 'vitest';
import { formatRelative, formatTime, formatUtc } from './time';

describe('time', () => {
  it('should show an instant in the given zone and in UTC', () => {
    const iso = '2026-11-21T20:00:05.000Z';
    expect(formatUtc(iso)).toBe('2026-11-21 20:00:05 UTC');
    // Tokyo is UTC+9: the same instant is the next morning there.
    expect(formatTime(iso, 'date', 'Asia/Tokyo')).toBe(formatTime('2026-11-22T03:00:00.000Z', 'date', 'UTC'));
    expect(formatTime(iso, 'time', 'Asia/Tokyo')).toMatch(/5:00:05/);
    expect(formatTime('not a time')).toBe('not a time');
  });

  it('should say how long ago in words', () => {
    const now = Date.parse('2026-11-21T20:00:00Z');
    expect(formatRelative('2026-11-21T19:59:50Z', now)).toBe('just now');
    expect(formatRelative('2026-11-21T19:57:00Z', now)).toBe('3 minutes ago');
    expect(formatRelative('2026-11-23T20:00:00Z', now)).toBe('in 2 days');
  });
});
