import { describe, expect, it } from 'vitest';
import { DurableFinish } from './durable-finish.js';

describe('DurableFinish', () => {
  it('should wait for the commit when it comes in time', async () => {
    const late: string[] = [];
    const durable = new DurableFinish({ waitMs: 1000, storeFailing: () => false, onTimeout: (id) => late.push(id) });
    let commit!: () => void;
    let done = false;
    const waiting = durable.wait('req_1', new Promise<void>((r) => (commit = r))).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    commit();
    await waiting;
    expect(late).toEqual([]);
    expect(durable.notDurable).toEqual({ timeout: 0, store_failing: 0 });
  });

  it('should give up after waitMs when the store never commits, and say so', async () => {
    const late: string[] = [];
    const durable = new DurableFinish({ waitMs: 30, storeFailing: () => false, onTimeout: (id) => late.push(id) });
    const started = performance.now();
    await durable.wait('req_2', new Promise<void>(() => undefined));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(late).toEqual(['req_2']);
    expect(durable.notDurable.timeout).toBe(1);
  });

  it('should not wait while the writer is failing, and count it', async () => {
    const durable = new DurableFinish({ waitMs: 60_000, storeFailing: () => true, onTimeout: () => undefined });
    await durable.wait('req_3', new Promise<void>(() => undefined));
    expect(durable.notDurable.store_failing).toBe(1);
  });

  it('should give up each wait at its own deadline, and not the ones whose commit came', async () => {
    const late: string[] = [];
    const durable = new DurableFinish({ waitMs: 60, storeFailing: () => false, onTimeout: (id) => late.push(id) });
    const never = new Promise<void>(() => undefined);
    const first = durable.wait('req_a', never);
    let commit!: () => void;
    const committed = durable.wait('req_b', new Promise<void>((r) => (commit = r)));
    await new Promise((r) => setTimeout(r, 30));
    const second = durable.wait('req_c', never);
    commit();
    await committed;
    await first;
    expect(late).toEqual(['req_a']);
    const started = performance.now();
    await second;
    expect(performance.now() - started).toBeGreaterThan(10);
    expect(late).toEqual(['req_a', 'req_c']);
    expect(durable.notDurable.timeout).toBe(2);
  });
});
