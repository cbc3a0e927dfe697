import { describe, expect, it, vi } from 'vitest';
import { formatCount } from './count';
import { formatMonth, formatRelative, formatTime, formatUtc } from './time';

// Node's ICU puts a narrow no-break space before AM/PM; Chromium's formatter, which the console
// prints like, a plain one.
const intl = (date: Date, options: Intl.DateTimeFormatOptions): string => new Intl.DateTimeFormat('en-US', options).format(date).replace(/\u202f/g, ' ');

// Instants around the edges a hand formatter gets wrong: midnight, noon, one-digit days and
// minutes, month and year ends, leap days, a daylight-saving change in common zones.
const INSTANTS = [
  '2026-11-21T20:00:05.000Z', '2026-01-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z', '2026-06-15T12:00:00.000Z',
  '2026-06-15T11:59:59.000Z', '2024-02-29T07:05:09.000Z', '2026-03-29T01:30:00.000Z', '2026-03-08T10:00:00.000Z',
  '1999-12-31T23:00:00.000Z', '2030-07-04T00:09:00.000Z',
];

describe('time', () => {
  it('should print an instant as Chromium\'s en-US formatter does, in the browser\'s zone and in UTC', () => {
    for (const iso of INSTANTS) {
      const date = new Date(iso);
      expect(formatTime(iso)).toBe(intl(date, { dateStyle: 'medium', timeStyle: 'medium' }));
      expect(formatTime(iso, 'date')).toBe(intl(date, { dateStyle: 'medium' }));
      expect(formatTime(iso, 'time')).toBe(intl(date, { timeStyle: 'medium' }));
      for (const style of ['datetime', 'date', 'time'] as const) {
        const options: Intl.DateTimeFormatOptions = style === 'date' ? { dateStyle: 'medium' } : style === 'time' ? { timeStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'medium' };
        expect(formatTime(iso, style, 'UTC')).toBe(intl(date, { ...options, timeZone: 'UTC' }));
        expect(formatTime(iso, style, 'America/New_York')).toBe(new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'America/New_York' }).format(date));
      }
    }
    expect(formatTime('2026-11-21T20:00:05.000Z', 'datetime', 'UTC')).toBe('Nov 21, 2026, 8:00:05 PM');
    // The browser's zone is the machine's: Node re-reads TZ when it is assigned.
    try {
      for (const tz of ['America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
        vi.stubEnv('TZ', tz);
        for (const iso of INSTANTS) expect(formatTime(iso)).toBe(intl(new Date(iso), { dateStyle: 'medium', timeStyle: 'medium' }));
        expect(formatTime('2026-11-21T20:00:05.000Z', 'time')).not.toBe(formatTime('2026-11-21T20:00:05.000Z', 'time', 'UTC'));
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('should show an instant in the given zone and in UTC', () => {
    const iso = '2026-11-21T20:00:05.000Z';
    expect(formatUtc(iso)).toBe('2026-11-21 20:00:05 UTC');
    // Tokyo is UTC+9: the same instant is the next morning there.
    expect(formatTime(iso, 'date', 'Asia/Tokyo')).toBe(formatTime('2026-11-22T03:00:00.000Z', 'date', 'UTC'));
    expect(formatTime(iso, 'time', 'Asia/Tokyo')).toMatch(/5:00:05/);
    expect(formatTime('not a time')).toBe('not a time');
  });

  it('should say how long ago in words, as Intl.RelativeTimeFormat does in English', () => {
    const now = Date.parse('2026-11-21T20:00:00Z');
    expect(formatRelative('2026-11-21T19:59:50Z', now)).toBe('just now');
    expect(formatRelative('2026-11-21T19:57:00Z', now)).toBe('3 minutes ago');
    expect(formatRelative('2026-11-23T20:00:00Z', now)).toBe('in 2 days');
    expect(formatRelative('2026-11-20T20:00:00Z', now)).toBe('yesterday');
    const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const units: [Intl.RelativeTimeFormatUnit, number][] = [['year', 365 * 86_400], ['month', 30 * 86_400], ['day', 86_400], ['hour', 3_600], ['minute', 60]];
    for (const seconds of [-50, 50, -61, 90, -3_600, 7_200, -86_400, 86_400, -5 * 86_400, -40 * 86_400, 31 * 86_400, -400 * 86_400, 800 * 86_400, -1_500 * 365 * 86_400]) {
      const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? ['minute', 60];
      expect(formatRelative(new Date(now + seconds * 1000).toISOString(), now)).toBe(rtf.format(Math.round(seconds / size), unit));
    }
  });

  it('should name a UTC month as en-US does', () => {
    const intlMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let month = 0; month < 12; month++) {
      const iso = new Date(Date.UTC(2026, month, 1)).toISOString();
      expect(formatMonth(iso)).toBe(intlMonth.format(new Date(iso)));
    }
    expect(formatMonth('2026-11-30T23:59:59Z')).toBe('November 2026');
  });

  it('should group counts as en-US does', () => {
    const nf = new Intl.NumberFormat('en-US');
    for (const n of [0, 7, 999, 1000, 1234567, -1234567, 12.5, 1234.5678, -0.25, 9_007_199_254_740_991]) expect(formatCount(n)).toBe(nf.format(n));
  });
});
