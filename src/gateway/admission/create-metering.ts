import type { Kysely } from 'kysely';
import { readOrgSpendable, readSpendSince, startOfUtcMonth } from '../../billing/account-bases.js';
import type { BalanceAlertMailer } from '../../billing/balance-alert-mailer.js';
import type { RequestLogEntry } from '../../billing/request-log-entry.js';
import type { SmtpBalanceAlertMailerOptions } from '../../billing/smtp-balance-alert-mailer.js';
import { createUsageSettler } from '../../billing/threaded-usage-settler.js';
import type { Settler } from '../../billing/usage-settler.js';
import { getKeyBudget, getProjectLimits, type ProjectLimits } from '../../limits/limit-settings-repository.js';
import type { LimitStore } from '../../limits/limit-store.js';
import { MemoryLimitStore } from '../../limits/memory-limit-store.js';
import { RedisLimitStore } from '../../limits/redis-limit-store.js';
import { RefreshingCache } from '../../limits/refreshing-cache.js';
import type { Database } from '../../store/schema.js';
import { AccountSyncer } from './account-syncer.js';
import { AdmissionService } from './admission-service.js';

/** Settings of {@link createMetering}, from the server config. */
export interface MeteringOptions {
  readonly db: Kysely<Database>;
  /** Redis URL for limits shared across processes, or null for this process only. */
  readonly redisUrl: string | null;
  /** Key prefix in Redis. */
  readonly redisPrefix?: string;
  /** How often balances and budgets in use are re-read, ms. */
  readonly balanceRefreshMs: number;
  /** How long project limits and key budgets are cached, ms. */
  readonly settingsTtlMs: number;
  /** Pause between settlement passes, ms. */
  readonly settleIntervalMs: number;
  /** Usage records waiting to be written above which admission answers 503. */
  readonly maxPendingWrites: number;
  /** Longest admission waits on a store, ms. */
  readonly admissionTimeoutMs: number;
  readonly pendingWrites: () => number;
  readonly now: () => number;
  readonly onError: (error: unknown, what: string) => void;
  /** Emails balance alerts the settler's ledger writes trigger (SMTP configured); absent: none. */
  readonly balanceAlertMailer?: BalanceAlertMailer | null;
  /** The SMTP settings behind `balanceAlertMailer`, so the billing thread can mail too. */
  readonly balanceAlertSmtp?: SmtpBalanceAlertMailerOptions | null;
}

/** The metering services of one gateway process, wired together. */
export interface Metering {
  readonly admission: AdmissionService;
  readonly store: LimitStore;
  readonly syncer: AccountSyncer;
  readonly settler: Settler;
  /** Project limits as admission sees them (cached). */
  readonly projectLimits: (projectId: string) => Promise<ProjectLimits>;
  /** A key's budget as admission sees it (cached). */
  readonly keyBudget: (keyId: string) => Promise<bigint | null>;
  /** Forget cached settings after a change made in this process (the console's limits and key routes). */
  readonly settingsChanged: { projectLimits(projectId: string): void; keyBudget(keyId: string): void };
  /** Call after a batch of request-log entries committed (their costs are now in the store). */
  written(entries: readonly RequestLogEntry[]): void;
  /** Stop timers, settle what is pending, disconnect. */
  close(): Promise<void>;
}

/** Build admission, account sync and settlement on memory or Redis. */
export async function createMetering(options: MeteringOptions): Promise<Metering> {
  const { db, now } = options;
  let store: LimitStore;
  if (options.redisUrl === null) store = new MemoryLimitStore();
  else {
    const redis = await RedisLimitStore.create({ url: options.redisUrl, ...(options.redisPrefix ? { prefix: options.redisPrefix } : {}) });
    await redis.ready();
    store = redis;
  }
  const limits = new RefreshingCache<ProjectLimits>({ load: (id) => getProjectLimits(db, id), ttlMs: options.settingsTtlMs, now, onError: (e) => options.onError(e, 'project limits') });
  const budgets = new RefreshingCache<bigint | null>({ load: (id) => getKeyBudget(db, id), ttlMs: options.settingsTtlMs, now, onError: (e) => options.onError(e, 'key budget') });
  const readBase = (id: string) => readAccountBase(db, id, now());
  const syncer = new AccountSyncer({ store, readBase, refreshMs: options.balanceRefreshMs, now, onError: (e) => options.onError(e, 'balance sync') });
  const admission = new AdmissionService({
    store,
    syncer,
    projectLimits: (id) => limits.get(id),
    keyBudget: (id) => budgets.get(id),
    pendingWrites: options.pendingWrites,
    maxPendingWrites: options.maxPendingWrites,
    timeoutMs: options.admissionTimeoutMs,
    now,
    onError: (e) => options.onError(e, 'admission settle'),
  });
  const settler = await createUsageSettler({
    db,
    intervalMs: options.settleIntervalMs,
    now,
    onError: (e) => options.onError(e, 'usage settlement'),
    onWorkerError: (e) => options.onError(e, 'billing thread (settling on the main thread from now on)'),
    alertMailer: options.balanceAlertMailer ?? null,
    smtp: options.balanceAlertSmtp ?? null,
  });
  syncer.start();
  settler.start();
  let syncing: Promise<void> = Promise.resolve();
  let lastRefresh: Promise<void> | null = null;
  return {
    admission,
    store,
    syncer,
    settler,
    projectLimits: (id) => limits.get(id),
    keyBudget: (id) => budgets.get(id),
    settingsChanged: { projectLimits: (id) => limits.invalidate(id), keyBudget: (id) => budgets.invalidate(id) },
    written(entries) {
      const costs = new Map<string, bigint>();
      for (const e of entries) {
        if (e.costNano === 0n || e.usage === null || e.orgId === null || e.projectId === null) continue;
        // Playground requests have no key (nor a key account); every other billable entry has one.
        if (e.keyId === null && e.source !== 'playground') continue;
        const ids = [`org:${e.orgId}`, `project:${e.projectId}`];
        if (e.keyId !== null) ids.push(`key:${e.keyId}`);
        for (const id of ids) costs.set(id, (costs.get(id) ?? 0n) + e.costNano);
      }
      if (costs.size === 0) return;
      const refresh = syncer.written(costs);
      // Every batch of one window shares its coalesced refresh: chain (and catch) it once, not per batch.
      if (refresh === lastRefresh) return;
      lastRefresh = refresh;
      const sync = refresh.catch((e: unknown) => options.onError(e, 'balance sync'));
      syncing = Promise.all([syncing, sync]).then(() => undefined);
    },
    async close() {
      syncer.stop();
      // Hand the last written costs to the shared store before this process's fields disappear.
      await syncer.flush().catch((e: unknown) => options.onError(e, 'balance sync'));
      await syncing;
      await settler.close();
      await store.close();
    },
  };
}

/** An account's base as the database has it: spendable balance, or budget left this UTC month. */
async function readAccountBase(db: Kysely<Database>, id: string, nowMs: number): Promise<bigint> {
  const [scope, ...rest] = id.split(':');
  const ref = rest.join(':');
  if (scope === 'org') return readOrgSpendable(db, ref);
  const budget = scope === 'project' ? (await getProjectLimits(db, ref)).budgetNano : await getKeyBudget(db, ref);
  // An unlimited budget is tracked (so a budget set later starts right) but never enforced.
  if (budget === null) return 0n;
  return budget - (await readSpendSince(db, scope === 'project' ? 'project_id' : 'key_id', ref, startOfUtcMonth(nowMs)));
}
