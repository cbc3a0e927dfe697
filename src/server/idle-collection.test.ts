import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, IDLE_WINDOW_MS } from './idle-collection.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('collectWhenIdle', () => {
  it('collects once after two idle windows, not while busy, and again after the next busy period', () => {
    vi.useFakeTimers();
    let cpu = 0;
    const gc = vi.fn();
    const stop = collectWhenIdle({ gc, cpuMicros: () => cpu });
    const window = (usedMicros: number) => {
      cpu += usedMicros;
      vi.advanceTimersByTime(IDLE_WINDOW_MS);
    };
    window(1_000_000); // busy
    window(10_000);
    expect(gc).not.toHaveBeenCalled();
    window(10_000);
    expect(gc).toHaveBeenCalledTimes(1);
    window(10_000);
    window(10_000);
    expect(gc).toHaveBeenCalledTimes(1); // still the same idle period
    window(2_000_000); // a burst of traffic
    window(0);
    window(0);
    expect(gc).toHaveBeenCalledTimes(2);
    stop();
  });

  it('does not leave gc() on the global object', () => {
    const stop = collectWhenIdle();
    stop();
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });
});
