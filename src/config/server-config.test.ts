import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadServerConfig, SECRET_SETTINGS } from './server-config.js';

const BASE = ['--config', 'catalogue.yaml'];
const PG = ['--database', 'postgres://u@db:5432/gw', '--redis', 'redis://r:6379'];

describe('loadServerConfig: operations settings', () => {
  it('should default to one process, metrics on the main port without a token, no drain delay and no tracing', () => {
    expect(loadServerConfig(BASE, {})).toMatchObject({ workers: 1, metrics: true, metricsPort: null, metricsToken: null, drainDelayMs: 0, tracing: { enabled: false } });
  });

  it('should read --workers and TF_WORKERS (auto: one per core), and the metrics and drain settings', () => {
    expect(loadServerConfig([...BASE, ...PG, '--workers', '3'], {}).workers).toBe(3);
    expect(loadServerConfig([...BASE, ...PG], { TF_WORKERS: 'auto' }).workers).toBe(availableParallelism());
    const config = loadServerConfig(BASE, { TF_METRICS: 'false', TF_METRICS_PORT: '9464', TF_METRICS_TOKEN: 'scrape-me', TF_DRAIN_DELAY_MS: '10000' });
    expect(config).toMatchObject({ metrics: false, metricsPort: 9464, metricsToken: 'scrape-me', drainDelayMs: 10_000 });
    expect(SECRET_SETTINGS).toContain('metricsToken');
    expect(() => loadServerConfig([...BASE, '--workers', '0'], {})).toThrow(/workers/);
    expect(() => loadServerConfig(BASE, { TF_METRICS: 'yes' })).toThrow(/metrics/);
  });

  it('should refuse workers on SQLite or without Redis with the reason, all problems at once', () => {
    expect(() => loadServerConfig([...BASE, '--workers', '2'], {})).toThrow(/needs PostgreSQL[\s\S]*needs Redis/);
    expect(() => loadServerConfig([...BASE, '--workers', '2', '--database', 'postgres://u@db/gw'], {})).toThrow(/needs Redis/);
    expect(() => loadServerConfig([...BASE, '--workers', '2', '--redis', 'redis://r'], {})).toThrow(/needs PostgreSQL/);
  });
});
