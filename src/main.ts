import type { FastifyInstance } from 'fastify';
import { KeyCache, type CachedKey } from './auth/key-cache.js';
import { findApiKeyByHash, listApiKeysChangedSince, type ApiKeyRow } from './auth/api-key-repository.js';
import type { BalanceAlertMailer } from './billing/balance-alert-mailer.js';
import type { RequestLogEntry } from './billing/request-log-entry.js';
import { writeRequestLog } from './billing/request-log-writer.js';
import { createSmtpBalanceAlertMailer } from './billing/smtp-balance-alert-mailer.js';
import { CatalogueHolder } from './catalog/catalogue-holder.js';
import type { Catalogue } from './config/catalogue-types.js';
import { createSmtpInviteSender } from './console/invites/send-invite-email.js';
import { ModelAccessCache } from './catalog/model-access-cache.js';
import { listModelAliases, listOrgAllowedModels } from './catalog/model-access-repository.js';
import { DEMO_CATALOGUE_PATH } from './config/demo-catalogue.js';
import { packageVersion } from './config/package-version.js';
import type { ServerConfig } from './config/server-config.js';
import { BatchWriter } from './core/batch-writer.js';
import { admitProvidersBeforeUpstream } from './gateway/admission/admit-before-upstream.js';
import { createMetering, type Metering } from './gateway/admission/create-metering.js';
import { KeySelfCheck } from './gateway/admission/key-self-check.js';
import { DurableFinish } from './gateway/durable-finish.js';
import { Router } from './gateway/dispatch/router.js';
import { RedisCooldowns } from './limits/redis-cooldowns.js';
import { RedisDeploymentCounts } from './limits/redis-deployment-counts.js';
import { RequestActivity } from './gateway/request-activity.js';
import { KeyUsageSnapshots } from './billing/key-usage-snapshots.js';
import { readKeyUsageStatistics } from './billing/key-usage-statistics.js';
import { RetentionSweeper } from './gateway/stored-responses/retention-sweeper.js';
import { createSqlResponseStore } from './gateway/stored-responses/sql-response-store.js';
import type { Provider } from './providers/provider.js';
import { createProviders } from './providers/registry.js';
import { buildMetricsServer, buildServer } from './server/build-server.js';
import { listenSocketCount, listensWithReusePort, openMoreListenSockets, probeFreePort } from './server/listen-sockets.js';
import type { MetricsEndpoint } from './server/operations-routes.js';
import { Readiness } from './server/readiness.js';
import { openStore, type Store } from './store/database.js';
import { migrateToLatest } from './store/migrate.js';
import { answerMetricsCollection, fetchClusterMetrics, sendFinalMetrics } from './telemetry/cluster-metrics.js';
import { GatewayMetrics, METRICS_CONTENT_TYPE } from './telemetry/gateway-metrics.js';
import { loadGatewayTracing } from './telemetry/gateway-tracing.js';
import { announceDeprecations } from './webhooks/announce-deprecations.js';
import { WebhookDeliveryWorker } from './webhooks/delivery-worker.js';

/** Requests still running from which an idle request-log writer waits for more entries (group commit). */
const GROUP_COMMIT_SIBLINGS = 4;
/** How long it waits, ms: at most this much is added to an answer that waits for its commit. */
const GROUP_COMMIT_GATHER_MS = 1;

/** A started gateway. */
export interface RunningGateway {
  readonly app: FastifyInstance;
  readonly store: Store;
  /** Admission, balance sync and settlement (tests settle and inspect holds through it). */
  readonly metering: Metering;
  /** `http://host:port`. */
  readonly url: string;
  /** `http://host:port` of `/metrics` when it has its own port (`TF_METRICS_PORT`), else null. */
  readonly metricsUrl: string | null;
  /** Re-read the catalogue file (what SIGHUP does); keeps the old one if the new one is invalid. */
  reloadCatalogue(): void;
  /** Re-read keys, aliases and allowed lists now instead of at the next refresh (tests, operator tools). */
  refreshCaches(): Promise<void>;
  /** Flush request-log entries now (tests read the log right after a request). */
  flushRequestLog(): Promise<void>;
  /**
   * Drain: `/health/ready` answers 503 at once (for `TF_DRAIN_DELAY_MS` while requests are still
   * served), then in-flight requests finish, the request log is flushed, connections close.
   */
  close(): Promise<void>;
}

/** Options beyond the config, for embedding and tests. */
export interface StartOptions {
  /** Environment to read catalogue secrets (`apiKeyEnv`) from. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Clock override. */
  readonly now?: () => number;
  /** Started by `serve --workers N` as one of the cluster's workers: `/metrics` adds up every worker's. */
  readonly clusterWorker?: boolean;
}

/** Open the store, load the catalogue, build providers and caches, and listen: the one composition root. */
export async function startGateway(config: ServerConfig, options: StartOptions): Promise<RunningGateway> {
  const now = options.now ?? Date.now;
  const store = await openStore(config.databaseUrl);
  await migrateToLatest(store.db);
  let app: FastifyInstance | null = null;
  // OpenTelemetry is loaded only when OTEL_* switches tracing on.
  const tracing = await loadGatewayTracing(config.tracing, packageVersion());
  // Balance alerts are emailed over the invite SMTP settings, in the background; a failure is logged, never thrown.
  const balanceAlertSmtp = config.smtpUrl === null ? null : { url: config.smtpUrl, from: config.smtpFrom, publicUrl: config.publicUrl ?? 'http://localhost:8080' };
  const smtpAlerts = balanceAlertSmtp === null ? null : createSmtpBalanceAlertMailer(balanceAlertSmtp);
  const balanceAlertMailer: BalanceAlertMailer | undefined = smtpAlerts === null
    ? undefined
    : (message) => smtpAlerts(message).catch((error: unknown) => void app?.log.warn({ err: error }, 'balance alert email failed'));
  const metering = await createMetering({
    db: store.db,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    balanceRefreshMs: config.balanceRefreshMs,
    settingsTtlMs: Math.min(10_000, config.balanceRefreshMs * 2),
    settleIntervalMs: config.settleIntervalMs,
    maxPendingWrites: config.maxPendingUsage,
    admissionTimeoutMs: config.admissionTimeoutMs,
    pendingWrites: () => requestLog.pending,
    now,
    onError: (error, what) => app?.log.error({ err: error }, `${what} failed`),
    balanceAlertMailer: balanceAlertMailer ?? null,
    balanceAlertSmtp,
  });
  // Every upstream call waits for its request's admission (money held, limits counted); traced,
  // the wait is the admission span and each call a client span inside it. (The billing thread starts
  // with the first request-log batch, not here: batches are written on this thread while it loads.)
  const gate = (id: string) => metering.admission.ready(id);
  const tracedGate = tracing === null ? gate : tracing.wrapGate(gate);
  const admitted = (next: Catalogue) => {
    const created = createProviders(next);
    return admitProvidersBeforeUpstream(tracing === null ? created : tracing.wrapProviders(created, next), tracedGate);
  };
  const catalogue = new CatalogueHolder({ path: config.configPath ?? DEMO_CATALOGUE_PATH, env: options.env });
  // Circuits and deployment load outlive catalogue reloads; routed providers are rebuilt per catalogue.
  // With Redis, an opened circuit is published at once and other processes' are read every 500 ms.
  const cooldowns = config.redisUrl === null ? null : await RedisCooldowns.create({ url: config.redisUrl, prefix: config.redisPrefix });
  // Per-deployment rpm/tpm counts are added up in Redis the same way (every 500 ms, off the request path).
  const deploymentCounts = config.redisUrl === null ? null : await RedisDeploymentCounts.create({ url: config.redisUrl, prefix: config.redisPrefix });
  const router = new Router({ now, shared: cooldowns });
  const stopSharingLoad = deploymentCounts === null
    ? () => undefined
    : router.shareLoad(deploymentCounts, () => catalogue.current(), 500, (error) => app?.log.warn({ err: error }, 'sharing deployment counts failed'));
  const stopSharing = cooldowns === null
    ? () => undefined
    : router.shareCooldowns(cooldowns, () => catalogue.current(), 500, (error) => app?.log.warn({ err: error }, 'reading shared cooldowns failed'));
  let providers: Map<string, Provider> = admitted(catalogue.current());
  catalogue.onChange((next) => {
    const old = providers;
    providers = admitted(next);
    // In-flight requests hold the old providers; close them once those have surely finished.
    setTimeout(() => void Promise.allSettled([...old.values()].map((p) => p.close())), 15 * 60_000).unref();
  });

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
  const modelAccess = new ModelAccessCache({
    source: { listAliases: () => listModelAliases(store.db), listOrgAllowedModels: () => listOrgAllowedModels(store.db) },
    refreshMs: config.keyRefreshMs,
    onError: (error) => app?.log.error({ err: error }, 'alias cache refresh failed'),
  });
  await modelAccess.start();
  const activity = new RequestActivity();
  const requestLog = new BatchWriter<RequestLogEntry>({
    flush: async (rows) => {
      await writeRequestLog(store.db, rows);
      metering.written(rows);
    },
    maxBatch: 500,
    retryMs: 100,
    onError: (error, rows) => app?.log.error({ err: error, rows }, 'request log write failed; will retry'),
    // Group commit (PostgreSQL's commit_delay/commit_siblings): while other requests are running, an
    // idle writer lets their entries gather for a millisecond, so many answers share one commit.
    // Alone (c1) an entry is written at once: its answer is waiting for it.
    gatherMs: () => (activity.inFlight >= GROUP_COMMIT_SIBLINGS ? GROUP_COMMIT_GATHER_MS : 0),
  });
  // Answers wait (bounded) for their entry's commit before their last bytes: docs/metering.md.
  const durableFinish = new DurableFinish({
    waitMs: config.durableWaitMs,
    storeFailing: () => requestLog.failing,
    onTimeout: (requestId, waitMs) => app?.log.warn({ requestId, waitMs }, 'request log entry not committed in time; answered anyway (it stays queued)'),
  });
  const metrics = config.metrics
    ? new GatewayMetrics({ activity, admission: metering.admission, requestLogQueue: () => requestLog.pending, notDurable: () => durableFinish.notDurable, settlement: () => metering.settler.progress, now })
    : null;
  if (metrics !== null && options.clusterWorker) answerMetricsCollection(metrics);
  const metricsEndpoint: MetricsEndpoint | null = metrics === null
    ? null
    : { render: options.clusterWorker ? () => fetchClusterMetrics() : () => metrics.render(), contentType: METRICS_CONTENT_TYPE, token: config.metricsToken };
  let draining = false;
  const readiness = new Readiness({
    checks: {
      database: () => store.ping(),
      ...(config.redisUrl === null ? {} : { redis: () => metering.store.ping() }),
      catalogue: async () => {
        if (catalogue.current().models.size === 0) throw new Error('the catalogue has no models');
      },
    },
    draining: () => draining,
    onChange: (check, state, reason) => {
      if (state === 'ok') app?.log.info({ check }, `readiness: ${check} is usable again`);
      else app?.log.warn({ check, err: reason }, `readiness: ${check} is unavailable`);
    },
  });

  // Stored responses past TF_RESPONSE_RETENTION_DAYS read as unknown at once; the sweep deletes them later.
  const retentionMs = config.responseRetentionDays === 0 ? null : config.responseRetentionDays * 86_400_000;
  const responseStore = createSqlResponseStore(store.db, { dialect: store.dialect, retention: { retentionMs, now } });

  app = await buildServer({
    logLevel: config.logLevel,
    bodyLimitBytes: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    readiness,
    ...(metricsEndpoint !== null && config.metricsPort === null ? { metrics: metricsEndpoint } : {}),
    responseStore,
    console: {
      db: store.db,
      adminToken: config.adminToken,
      now,
      modelIds: () => new Set(catalogue.current().models.keys()),
      modelPricing: (id) => catalogue.current().models.get(id)?.pricing ?? null,
      catalogue: () => catalogue.current(),
      modelHealth: (model) => router.health(model),
      modelLifecycle: (id) => catalogue.current().models.get(id)?.lifecycle ?? null,
      publicUrl: config.publicUrl ?? undefined,
      allowSignUp: config.allowSignUp,
      // The balance view's pending amount includes what this store holds for requests in flight.
      orgHeldNano: async (orgId) => (await metering.store.read(`org:${orgId}`))?.holdsNano ?? 0n,
      settingsChanged: metering.settingsChanged,
      ...(balanceAlertMailer ? { balanceAlertMailer } : {}),
      payments: {
        provider: config.paymentsProvider,
        manualInstructions: config.manualPaymentInstructions,
        stripe: config.stripeSecretKey !== null && config.stripeWebhookSecret !== null
          ? { secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret, apiBase: config.stripeApiBase }
          : null,
      },
      sendInviteEmail: config.smtpUrl === null
        ? undefined
        : logFailures(createSmtpInviteSender({ url: config.smtpUrl, from: config.smtpFrom }), (error) => app?.log.warn({ err: error }, 'invite email failed')),
    },
    gateway: {
      catalogue: () => catalogue.current(),
      providers: () => providers,
      keys,
      modelAccess,
      recordRequest: (entry) => {
        const committed = requestLog.add(entry);
        const settling = metering.admission.finish(entry);
        if (metrics !== null) metrics.observe(entry);
        if (tracing !== null) tracing.finish(entry, settling);
        return committed;
      },
      durableFinish,
      metering: {
        admission: metering.admission,
        selfCheck: new KeySelfCheck({
          keys,
          snapshots: new KeyUsageSnapshots({ read: (id, since) => readKeyUsageStatistics(store.db, id, since), now }),
          store: metering.store,
          projectLimits: metering.projectLimits,
          keyBudget: metering.keyBudget,
          rpm: 12_000,
          now,
        }),
      },
      now,
      activity,
      router,
      tracer: tracing?.tracer ?? null,
    },
  });
  const server = app;
  // A deep accept queue: LLM clients open hundreds of streams in a burst, and the default (511)
  // turns the overflow into connection resets. The kernel caps it at net.core.somaxconn.
  const backlog = 4096;
  // Several sockets on the port (a cluster worker's port is the primary's): shared with reusePort
  // where Node can, else copies of the one socket's descriptor.
  const sockets = options.clusterWorker ? 1 : listenSocketCount(config.listenSockets);
  const reusePort = listensWithReusePort(sockets);
  const port = reusePort ? await probeFreePort(config.host, config.port) : config.port;
  await server.listen({ port, host: config.host, backlog, ...(reusePort ? { reusePort: true } : {}) });
  const extraSockets = await openMoreListenSockets(server.server, sockets, backlog, (error) => server.log.warn({ err: error }, 'a copy of the listening socket failed; the others keep accepting'));
  if (config.listenSockets !== null && config.listenSockets > sockets && !options.clusterWorker) server.log.warn({ wanted: config.listenSockets, platform: process.platform }, 'TF_LISTEN_SOCKETS needs Linux; listening on one socket');
  // Its own port: served by this process, or by the cluster primary for every worker.
  const metricsServer = metricsEndpoint !== null && config.metricsPort !== null && !options.clusterWorker
    ? buildMetricsServer({ logLevel: config.logLevel, metrics: metricsEndpoint })
    : null;
  if (metricsServer !== null) await metricsServer.listen({ port: config.metricsPort!, host: config.host });
  // Every process runs a delivery worker; claims in the store keep two from sending one attempt twice.
  const webhooks = config.webhookPollMs === 0
    ? null
    : new WebhookDeliveryWorker({ db: store.db, now, pollMs: config.webhookPollMs, allowPrivateNetworks: config.webhookAllowPrivateUrls, onError: (error, what) => server.log.error({ err: error }, `${what} failed`) });
  webhooks?.start();
  // Every process sweeps too; each expired row is deleted (and counted) by one of them.
  const sweeper = retentionMs === null
    ? null
    : new RetentionSweeper({
      store: responseStore,
      retentionMs,
      now,
      onSwept: (deleted) => {
        metrics?.countExpiredResponses(deleted);
        server.log.info({ deleted }, 'expired stored responses deleted');
      },
      onError: (error) => server.log.error({ err: error }, 'stored response retention sweep failed'),
    });
  sweeper?.start();
  // Deprecations are announced on start and on every reload; dedupe keys make repeats no-ops.
  let announcing: Promise<unknown> = Promise.resolve();
  const announce = (next: Catalogue) => {
    announcing = announcing.then(() => announceDeprecations(store.db, next, now())).catch((error: unknown) => server.log.error({ err: error }, 'announcing model deprecations failed'));
  };
  announce(catalogue.current());
  catalogue.onChange((next) => announce(next));
  const base = (listening: FastifyInstance, fallback: number) => {
    const address = listening.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : fallback;
    return `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  };
  return {
    app: server,
    store,
    metering,
    url: base(server, config.port),
    metricsUrl: metricsServer === null ? null : base(metricsServer, config.metricsPort ?? 0),
    reloadCatalogue() {
      const result = catalogue.reload();
      if (result.ok) server.log.info({ file: catalogue.path }, 'catalogue reloaded');
      else server.log.error({ err: result.error }, 'catalogue reload failed; keeping the previous catalogue');
    },
    refreshCaches: async () => {
      await Promise.all([keys.refresh(), modelAccess.refresh()]);
    },
    flushRequestLog: () => requestLog.flush(),
    async close() {
      draining = true;
      // Load balancers see the 503 and stop sending before the listener closes.
      if (config.drainDelayMs > 0) await new Promise((r) => setTimeout(r, config.drainDelayMs));
      // Node closes idle keep-alive connections once, at close. One that turns idle later (a stream
      // that ends during the drain) would stay open until its client or keepAliveTimeout (72 s)
      // closed it, and the exit would wait for that.
      const sweep = setInterval(() => server.server.closeIdleConnections(), 100);
      // The extra sockets' connections are not counted by the HTTP server's close: wait for both.
      await Promise.all([server.close(), extraSockets?.close()]).finally(() => clearInterval(sweep));
      await webhooks?.stop();
      await sweeper?.stop();
      await announcing;
      await requestLog.close();
      await metering.close();
      stopSharing();
      stopSharingLoad();
      cooldowns?.disconnect();
      deploymentCounts?.disconnect();
      keys.stop();
      modelAccess.stop();
      await Promise.allSettled([...providers.values()].map((p) => p.close()));
      await tracing?.shutdown().catch((error: unknown) => server.log.warn({ err: error }, 'exporting the last spans failed'));
      await metricsServer?.close();
      if (metrics !== null && options.clusterWorker) await sendFinalMetrics(metrics);
      await store.close();
    },
  };
}

// The console answers `emailed: false` on failure without saying why; the operator reads why in the log.
function logFailures<T>(send: (message: T) => Promise<void>, onError: (error: unknown) => void): (message: T) => Promise<void> {
  return (message) => send(message).catch((error: unknown) => {
    onError(error);
    throw error;
  });
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
