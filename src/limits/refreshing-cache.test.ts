import { describe, expect, it } from 'vitest';
import { RefreshingCache } from './refreshing-cache.js';

/** A cache over a mutable "store" with a hand-moved clock; `reads` counts store reads. */
function cacheOver(store: Map<string, number>) {
  let now = 0;
  const state = { reads: 0, pending: null as null | (() => void) };
  const cache = new RefreshingCache<number>({
    ttlMs: 1000,
    now: () => now,
    onError: (error) => { throw error; },
    load: async (id) => {
      state.reads++;
      const value = store.get(id) ?? 0;
      if (state.pending !== null) await new Promise<void>((resolve) => { state.pending = resolve; });
      return value;
    },
  });
  return { cache, state, advance: (ms: number) => { now += ms; } };
}

describe('RefreshingCache', () => {
  it('should serve a value older than the TTL once while re-reading it, but never one older than twice the TTL', async () => {
    const store = new Map([['p', 1]]);
    const { cache, advance } = cacheOver(store);
    expect(await cache.get('p')).toBe(1);
    store.set('p', 2);
    advance(1500);
    expect(await cache.get('p')).toBe(1);
    await Promise.resolve();
    expect(await cache.get('p')).toBe(2);
    store.set('p', 3);
    advance(5000);
    // Nobody asked for a while: the read waits for the store rather than answer from long ago.
    expect(await cache.get('p')).toBe(3);
  });

  it('should read the store after invalidate, even when a read begun before the change is still under way', async () => {
    const store = new Map([['p', 1]]);
    const { cache, state } = cacheOver(store);
    expect(await cache.get('p')).toBe(1);
    cache.invalidate('p');
    state.pending = () => undefined;
    const before = cache.get('p');
    store.set('p', 2);
    cache.invalidate('p');
    const release = state.pending;
    state.pending = null;
    expect(await cache.get('p')).toBe(2);
    release?.();
    expect(await before).toBe(1);
    // The old read finished last, but what it read is not kept.
    expect(await cache.get('p')).toBe(2);
    expect(state.reads).toBe(3);
  });
});
