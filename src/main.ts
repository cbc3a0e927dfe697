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
import type { ServerConfig } from './config/server-config.js';
import { BatchWriter } from './core/batch-writer.js';
import { admitProvidersBeforeUpstream } from './gateway/admission/admit-before-upstream.js';
import { createMetering, type Metering } from './gateway/admission/create-metering.js';
import { KeySelfCheck } from './gateway/admission/key-self-check.js';
import { KeyUsageSnapshots } from './billing/key-usage-snapshots.js';
import { readKeyUsageStatistics } from './billing/key-usage-statistics.js';
import { createSqlResponseStore } from './gateway/stored-responses/sql-response-store.js';
import type { Provider } from './providers/provider.js';
import { createProviders } from './providers/registry.js';
import { buildServer } from './server/build-server.js';
import { openStore, type Store } from './store/database.js';
import { migrateToLatest } from './store/migrate.js';
import { announceDeprecations } from './webhooks/announce-deprecations.js';
import { WebhookDeliveryWorker } from './webhooks/delivery-worker.js';

/** A started gateway. */
export interface RunningGateway {
  readonly app: FastifyInstance;
  readonly store: Store;
  /** Admission, balance sync and settlement (tests settle and inspect holds through it). */
  readonly metering: Metering;
  /** `http://host:port`. */
  readonly url: string;
  /** Re-read the catalogue file (what SIGHUP does); keeps the old one if the new one is invalid. */
  reloadCatalogue(): void;
  /** Re-read keys, aliases and allowed lists now instead of at the next refresh (tests, operator tools). */
  refreshCaches(): Promise<void>;
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
  let app: FastifyInstance | null = null;
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
  // Every upstream call waits for its request's admission (money held, limits counted).
  const admitted = (next: Map<string, Provider>) => admitProvidersBeforeUpstream(next, (id) => metering.admission.ready(id));
  const catalogue = new CatalogueHolder({ path: config.configPath ?? DEMO_CATALOGUE_PATH, env: options.env });
  let providers: Map<string, Provider> = admitted(createProviders(catalogue.current()));
  catalogue.onChange((next) => {
    const old = providers;
    providers = admitted(createProviders(next));
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
  const requestLog = new BatchWriter<RequestLogEntry>({
    flush: async (rows) => {
      await writeRequestLog(store.db, rows);
      metering.written(rows);
    },
    maxBatch: 500,
    intervalMs: 100,
    onError: (error, rows) => app?.log.error({ err: error, rows }, 'request log write failed; will retry'),
  });

  app = await buildServer({
    logLevel: config.logLevel,
    bodyLimitBytes: config.bodyLimitBytes,
    responseStore: createSqlResponseStore(store.db),
    console: {
      db: store.db,
      adminToken: config.adminToken,
      now,
      modelIds: () => new Set(catalogue.current().models.keys()),
      publicUrl: config.publicUrl ?? undefined,
      allowSignUp: config.allowSignUp,
      // The balance view's pending amount includes what this store holds for requests in flight.
      orgHeldNano: async (orgId) => (await metering.store.read(`org:${orgId}`))?.holdsNano ?? 0n,
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
        requestLog.add(entry);
        metering.admission.finish(entry);
      },
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
    },
  });
  const server = app;
  await server.listen({ port: config.port, host: config.host });
  // Every process runs a delivery worker; claims in the store keep two from sending one attempt twice.
  const webhooks = config.webhookPollMs === 0
    ? null
    : new WebhookDeliveryWorker({ db: store.db, now, pollMs: config.webhookPollMs, allowPrivateNetworks: config.webhookAllowPrivateUrls, onError: (error, what) => server.log.error({ err: error }, `${what} failed`) });
  webhooks?.start();
  // Deprecations are announced on start and on every reload; dedupe keys make repeats no-ops.
  let announcing: Promise<unknown> = Promise.resolve();
  const announce = (next: Catalogue) => {
    announcing = announcing.then(() => announceDeprecations(store.db, next, now())).catch((error: unknown) => server.log.error({ err: error }, 'announcing model deprecations failed'));
  };
  announce(catalogue.current());
  catalogue.onChange((next) => announce(next));
  const address = server.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  return {
    app: server,
    store,
    metering,
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
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
      await server.close();
      await webhooks?.stop();
      await announcing;
      await requestLog.close();
      await metering.close();
      keys.stop();
      modelAccess.stop();
      await Promise.allSettled([...providers.values()].map((p) => p.close()));
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
