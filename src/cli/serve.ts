import cluster from 'node:cluster';
import { loadServerConfig, SERVE_HELP } from '../config/server-config.js';
import { readEnvironment } from '../config/environment.js';
import { limitHeapGrowth } from '../server/heap-growth.js';
import { collectWhenIdle } from '../server/idle-collection.js';
import { openStore } from '../store/database.js';
import { migrateToLatest } from '../store/migrate.js';
import { seedDemo, type SeedDemoResult } from './seed-demo.js';

/** `tf-gateway serve`: start, print the demo key once on first start, drain on SIGTERM/SIGINT. */
export async function runServeCommand(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${SERVE_HELP}\n`);
    return 0;
  }
  const env = readEnvironment();
  const config = loadServerConfig(args, env);
  if (config.workers > 1 && cluster.isPrimary) {
    // Migrate and seed once, before any worker starts.
    const seeded = await prepareDatabase(config.databaseUrl, config.demo);
    const { runClusterPrimary } = await import('./serve-cluster.js');
    const code = await runClusterPrimary(config, (url) => announce(url, seeded, (line) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, url, workers: config.workers, msg: line })}\n`)));
    process.exit(code);
  }
  const worker = cluster.isWorker;
  limitHeapGrowth();
  // Loaded here, not at the top: the cluster primary serves nothing and stays small without it.
  const { startGateway } = await import('../main.js');
  // Seed before listening, so the first request already finds the demo key and credit.
  const seeded = config.demo && !worker ? await prepareDatabase(config.databaseUrl, true) : null;
  const gateway = await startGateway(config, { env, clusterWorker: worker });
  if (worker) gateway.app.log.info({ url: gateway.url, worker: cluster.worker?.id }, 'worker listening');
  else announce(gateway.url, seeded, (line) => gateway.app.log.info({ url: gateway.url }, line));
  if (gateway.metricsUrl !== null) gateway.app.log.info({ url: `${gateway.metricsUrl}/metrics` }, 'metrics listening');
  gateway.app.log.info({ on: gateway.metering.settler.runsOn }, 'usage settlement started');
  collectWhenIdle();
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    gateway.app.log.info({ signal }, 'draining in-flight requests');
    gateway.close().then(
      () => process.exit(0),
      (error: unknown) => {
        gateway.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => gateway.reloadCatalogue());
  return -1;
}

/** Print the demo banner (the key only on first start), or log where the gateway listens. */
function announce(base: string, seeded: SeedDemoResult | null, log: (line: string) => void): void {
  if (seeded === null) return log('tf-gateway listening');
  if (seeded.created && seeded.key) {
    process.stdout.write(
      [
        '',
        'tf-gateway demo is running (models are served by the built-in simulator).',
        `  API base URL:  ${base}/v1`,
        `  API key:       ${seeded.key.secret}   (shown once; store it now)`,
        ...(seeded.owner
          ? [`  Console:       ${base}/console   sign in as ${seeded.owner.email} / ${seeded.owner.password}   (shown once)`]
          : []),
        '',
        '  Try it:',
        `  curl ${base}/v1/chat/completions -H "Authorization: Bearer ${seeded.key.secret}" \\`,
        `    -H "Content-Type: application/json" -d '{"model":"openai/gpt-4o-mini","messages":[{"role":"user","content":"Hello"}]}'`,
        '',
      ].join('\n') + '\n',
    );
  } else {
    process.stdout.write(`\ntf-gateway demo is running at ${base}/v1, console at ${base}/console (demo data already seeded; the key and sign-in were printed on first start).\n\n`);
  }
}

/** Migrate, and seed the demo data (once per database) when asked, on a short-lived connection. */
async function prepareDatabase(databaseUrl: string, demo: boolean): Promise<SeedDemoResult | null> {
  const store = await openStore(databaseUrl);
  try {
    await migrateToLatest(store.db);
    return demo ? await seedDemo(store.db) : null;
  } finally {
    await store.close();
  }
}
