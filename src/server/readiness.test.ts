import { describe, expect, it } from 'vitest';
import { Readiness } from './readiness.js';

describe('Readiness', () => {
  it('should count a check that never answers as unavailable after its timeout, and report the change once', async () => {
    const changes: string[] = [];
    const readiness = new Readiness({
      checks: { database: () => new Promise<void>(() => undefined), catalogue: async () => undefined },
      draining: () => false,
      timeoutMs: 50,
      onChange: (name, state) => changes.push(`${name} ${state}`),
    });
    const started = performance.now();
    expect(await readiness.report()).toEqual({ status: 'not_ready', checks: { database: 'unavailable', catalogue: 'ok' } });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(changes).toEqual(['database unavailable']);
  });

  it('should run one round of checks for every probe within cacheMs, and a new one after', async () => {
    let runs = 0;
    const readiness = new Readiness({ checks: { database: async () => void runs++ }, draining: () => false, cacheMs: 100 });
    await Promise.all([readiness.report(), readiness.report(), readiness.report()]);
    await readiness.report();
    expect(runs).toBe(1);
    await new Promise((r) => setTimeout(r, 120));
    await readiness.report();
    expect(runs).toBe(2);
  });

  it('should say draining, without running checks, once shutdown began', async () => {
    let draining = false;
    let runs = 0;
    const readiness = new Readiness({ checks: { database: async () => void runs++ }, draining: () => draining, cacheMs: 0 });
    expect((await readiness.report()).status).toBe('ready');
    draining = true;
    expect(await readiness.report()).toEqual({ status: 'draining', checks: {} });
    expect(runs).toBe(1);
  });
});
