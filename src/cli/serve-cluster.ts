import cluster, { type Worker } from 'node:cluster';
import { hostname } from 'node:os';
import type { ServerConfig } from '../config/server-config.js';
import { ClusterMetricsCollector } from '../telemetry/cluster-metrics.js';
import { METRICS_CONTENT_TYPE } from '../telemetry/gateway-metrics.js';

/** A worker that dies sooner than this after it started counts as a crash loop (replacements back off). */
const STABLE_AFTER_MS = 10_000;
/** Longest wait before a replacement in a crash loop. */
const MAX_BACKOFF_MS = 30_000;

/**
 * `serve --workers N`, the cluster primary: it serves nothing itself. It forks N workers (each a
 * whole gateway: `serve` again, in the worker role) that share the port through node:cluster,
 * replaces a worker that dies, adds up their metrics for `/metrics`, passes SIGHUP on, and on
 * SIGTERM/SIGINT lets every worker drain before it exits (0 when all of them did). Migrations and
 * the demo seed ran before this (once, here), so workers start on a ready database.
 */
export async function runClusterPrimary(config: ServerConfig, onListening: (url: string) => void): Promise<number> {
  const log = primaryLogger(config.logLevel);
  const collector = config.metrics ? new ClusterMetricsCollector() : null;
  /** Workers alive, by cluster id, with when they were forked. */
  const startedAt = new Map<number, number>();
  /** Workers that have listened (a worker stopped before that had nothing to drain). */
  const listening = new Set<number>();
  let fastDeaths = 0;
  let stopping = false;
  let announced = false;
  let finish: (code: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => (finish = resolve));
  let failedExits = 0;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    if (announced) return;
    announced = true;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    onListening(`http://${host}:${address.port}`);
  });
  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    const drained = listening.delete(worker.id);
    if (stopping) {
      if (code !== 0 && (drained || signal !== 'SIGTERM')) failedExits++;
      if (startedAt.size === 0) finish(failedExits === 0 ? 0 : 1);
      return;
    }
    fastDeaths = lived < STABLE_AFTER_MS ? fastDeaths + 1 : 0;
    const delay = fastDeaths <= 1 ? 0 : Math.min(MAX_BACKOFF_MS, 250 * 2 ** fastDeaths);
    log(40, { worker: worker.process.pid, code, signal, restartInMs: delay }, 'worker exited; starting a replacement');
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  // Fastify loads only when the primary serves /metrics itself.
  const metricsServer = collector !== null && config.metricsPort !== null
    ? (await import('../server/build-server.js')).buildMetricsServer({ logLevel: config.logLevel, metrics: { render: () => collector.collect(), contentType: METRICS_CONTENT_TYPE, token: config.metricsToken } })
    : null;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && startedAt.has(w.id));
    log(30, { signal, workers: workers.length }, 'draining every worker');
    if (workers.length === 0) finish(0);
    // Each worker drains itself (readiness 503, in-flight requests, request log, settlement).
    for (const worker of workers) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGHUP');
  });

  if (metricsServer !== null) {
    await metricsServer.listen({ port: config.metricsPort!, host: config.host });
    log(30, { url: `http://${config.host}:${(metricsServer.server.address() as { port: number }).port}/metrics` }, 'metrics listening');
  }
  log(30, { workers: config.workers }, 'starting workers');
  for (let i = 0; i < config.workers; i++) fork();
  const code = await finished;
  await metricsServer?.close();
  log(30, { code }, 'every worker stopped');
  return code;
}

/** JSON lines in pino's shape, like the workers' logs (the primary has no Fastify). */
function primaryLogger(level: string): (at: number, fields: Record<string, unknown>, msg: string) => void {
  const threshold = ({ trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as Record<string, number>)[level] ?? 30;
  return (at, fields, msg) => {
    if (at < threshold) return;
    process.stdout.write(`${JSON.stringify({ level: at, time: Date.now(), pid: process.pid, hostname: hostname(), role: 'primary', ...fields, msg })}\n`);
  };
}
