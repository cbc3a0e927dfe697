import type { FastifyInstance } from 'fastify';
import { KeyCache, type CachedKey } from './auth/key-cache.js';
import { findApiKeyByHash, listApiKeysChangedSince, type ApiKeyRow } from './auth/api-key-repository.js';
import type { RequestLogEntry } from './billing/request-log-entry.js';
import { writeRequestLog } from './billing/request-log-writer.js';
import { CatalogueHolder } from './catalog/catalogue-holder.js';
import { DEMO_CATALOGUE_PATH } from './config/demo-catalogue.js';
import type { ServerConfig } from './config/server-config.js';
import { BatchWriter } from './core/batch-writer.js';
import type { Provider } from './providers/provider.js';
import { createProviders } from './providers/registry.js';
import { buildServer } from './server/build-server.js';
import { openStore, type Store } from './store/database.js';
import { migrateToLatest } from './store/migrate.js';

/** A started gateway. */
export interface RunningGateway {
  readonly app: FastifyInstance;
  readonly store: Store;
  /** `http://host:port`. */
  readonly url: string;
  /** Re-read the catalogue file (what SIGHUP does); keeps the old one if the new one is invalid. */
  reloadCatalogue(): void;
  /** Flush request-log entries now (tests read the log right after a request). */
  flushRequestLog(): Promise<void>;
  /** Drain in-flight requests, flush the request log, close connections. */
  close(): Promise<void>;
}

/** Options beyond the config, for embedding and tests. */
export interface StartOptions {
  /** Environment to read catalogue secrets (`apiKeyEnv`) from. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Clock override. */
  readonly now?: () => number;
}

/** Open the store, load the catalogue, build providers and caches, and listen: the one composition root. */
export async function startGateway(config: ServerConfig, options: StartOptions): Promise<RunningGateway> {
  const now = options.now ?? Date.now;
  const store = await openStore(config.databaseUrl);
  await migrateToLatest(store.db);
  const catalogue = new CatalogueHolder({ path: config.configPath ?? DEMO_CATALOGUE_PATH, env: options.env });
  let providers: Map<string, Provider> = createProviders(catalogue.current());
  catalogue.onChange((next) => {
    const old = providers;
    providers = createProviders(next);
    // In-flight requests hold the old providers; close them once those have surely finished.
    setTimeout(() => void Promise.allSettled([...old.values()].map((p) => p.close())), 15 * 60_000).unref();
  });

  let app: FastifyInstance | null = null;
  const keys = new KeyCache({
    source: {
      findByHash: async (hash) => toCachedKey(await findApiKeyByHash(store.db, hash)),
      listChangedSince: async (since) => (await listApiKeysChangedSince(store.db, since)).map((r) => toCachedKey(r)!),
    },
    refreshMs: config.keyRefreshMs,
    negativeTtlMs: 2_000,
    now,
    onError: (error) => app?.log.error({ err: error }, 'key cache refresh failed'),
  });
  keys.start();
  const requestLog = new BatchWriter<RequestLogEntry>({
    flush: (rows) => writeRequestLog(store.db, rows),
    maxBatch: 500,
    intervalMs: 100,
    onError: (error, rows) => app?.log.error({ err: error, rows }, 'request log write failed; will retry'),
  });

  app = await buildServer({
    logLevel: config.logLevel,
    bodyLimitBytes: config.bodyLimitBytes,
    gateway: {
      catalogue: () => catalogue.current(),
      providers: () => providers,
      keys,
      recordRequest: (entry) => requestLog.add(entry),
      now,
    },
  });
  const server = app;
  await server.listen({ port: config.port, host: config.host });
  const address = server.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  return {
    app: server,
    store,
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    reloadCatalogue() {
      const result = catalogue.reload();
      if (result.ok) server.log.info({ file: catalogue.path }, 'catalogue reloaded');
      else server.log.error({ err: result.error }, 'catalogue reload failed; keeping the previous catalogue');
    },
    flushRequestLog: () => requestLog.flush(),
    async close() {
      await server.close();
      await requestLog.close();
      keys.stop();
      await Promise.allSettled([...providers.values()].map((p) => p.close()));
      await store.close();
    },
  };
}

function toCachedKey(row: ApiKeyRow | null): CachedKey | null {
  if (row === null) return null;
  return {
    id: row.id,
    orgId: row.orgId,
    projectId: row.projectId,
    name: row.name,
    prefix: row.prefix,
    hash: row.hash,
    disabled: row.disabled,
    expiresAt: row.expiresAt,
    allowedModels: row.allowedModels,
    updatedAt: row.updatedAt,
  };
}
