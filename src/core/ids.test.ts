import { describe, expect, it } from 'vitest';
import { createId } from './ids.js';

describe('createId', () => {
  it('should sort ids made in the same millisecond in the order they were made', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0, 0);
    const ids = Array.from({ length: 2000 }, () => createId('pay', now));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('should sort ids of a later millisecond after those of an earlier one', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0, 0);
    const first = createId('pay', now);
    const later = createId('pay', now + 1);
    expect(first < later).toBe(true);
    expect(first.slice(0, 14)).not.toBe(later.slice(0, 14));
  });

  it('should keep the documented shape: prefix, 10 time and 16 random base32 characters', () => {
    expect(createId('req')).toMatch(/^req_[0-9a-hjkmnp-tv-z]{26}$/);
  });
});
