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

  it('should leave the listening sockets to the default unless TF_LISTEN_SOCKETS sets 1 to 64', () => {
    expect(loadServerConfig(BASE, {}).listenSockets).toBeNull();
    expect(loadServerConfig(BASE, { TF_LISTEN_SOCKETS: '1' }).listenSockets).toBe(1);
    expect(() => loadServerConfig(BASE, { TF_LISTEN_SOCKETS: '0' })).toThrow(/listenSockets/);
    expect(() => loadServerConfig(BASE, { TF_LISTEN_SOCKETS: 'many' })).toThrow(/listenSockets/);
  });

  it('should refuse workers on SQLite or without Redis with the reason, all problems at once', () => {
    expect(() => loadServerConfig([...BASE, '--workers', '2'], {})).toThrow(/needs PostgreSQL[\s\S]*needs Redis/);
    expect(() => loadServerConfig([...BASE, '--workers', '2', '--database', 'postgres://u@db/gw'], {})).toThrow(/needs Redis/);
    expect(() => loadServerConfig([...BASE, '--workers', '2', '--redis', 'redis://r'], {})).toThrow(/needs PostgreSQL/);
  });
});

describe('loadServerConfig: TF_TRUST_PROXY', () => {
  it('should trust no proxy by default, and read true, a hop count or a list of addresses', () => {
    expect(loadServerConfig(BASE, {}).trustProxy).toBe(false);
    expect(loadServerConfig(BASE, { TF_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadServerConfig(BASE, { TF_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadServerConfig(BASE, { TF_TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', '::1']);
  });

  it('should refuse an entry that is not an address, a range or a range name', () => {
    expect(() => loadServerConfig(BASE, { TF_TRUST_PROXY: 'proxy.example.com' })).toThrow(/trustProxy: 'proxy.example.com' is not an address/);
    expect(() => loadServerConfig(BASE, { TF_TRUST_PROXY: '10.0.0.0/33' })).toThrow(/trustProxy/);
  });
});

describe('loadServerConfig: TF_RESPONSE_RETENTION_DAYS', () => {
  it('should keep stored responses 30 days by default, read another count, 0 for ever, and refuse the rest', () => {
    expect(loadServerConfig(BASE, {}).responseRetentionDays).toBe(30);
    expect(loadServerConfig(BASE, { TF_RESPONSE_RETENTION_DAYS: '7' }).responseRetentionDays).toBe(7);
    expect(loadServerConfig(BASE, { TF_RESPONSE_RETENTION_DAYS: '0' }).responseRetentionDays).toBe(0);
    expect(() => loadServerConfig(BASE, { TF_RESPONSE_RETENTION_DAYS: '-1' })).toThrow(/responseRetentionDays/);
    expect(() => loadServerConfig(BASE, { TF_RESPONSE_RETENTION_DAYS: '1.5' })).toThrow(/responseRetentionDays/);
  });
});
