import type { CachedKey } from '../../auth/key-cache.js';
import type { RequestLogEntry } from '../../billing/request-log-entry.js';
import { worstCaseCost } from '../../billing/worst-case-cost.js';
import type { CatalogueModel, ModelPricing } from '../../config/catalogue-types.js';
import { GatewayError, isGatewayError } from '../../core/errors.js';
import type { ProjectLimits } from '../../limits/limit-settings-repository.js';
import type { AccountHold, AdmissionOutcome, AdmissionPlan, LimitStore, WindowCount } from '../../limits/limit-store.js';
import type { AccountSyncer } from './account-syncer.js';
import { rateLimitHeaders } from './rate-limit-headers.js';

/** What admission needs to know about one request. */
export interface AdmissionRequest {
  readonly requestId: string;
  readonly key: CachedKey;
  readonly model: CatalogueModel;
  /** Estimated prompt tokens. */
  readonly promptTokens: number;
  /** Effective max output tokens (see `effectiveMaxOutputTokens`). */
  readonly maxOutputTokens: number;
  /** Prices of every model that may answer (a routed model's fallbacks); the hold covers the most expensive. Absent: `model`'s. */
  readonly holdPricings?: readonly ModelPricing[];
  /** Adds headers (`x-ratelimit-*`) to the answer, whether it succeeds or is refused. */
  readonly setHeaders: (headers: Record<string, string>) => void;
  /** Told the amount held once the request is admitted (recorded on the request log). */
  readonly onHeld?: (holdNano: bigint) => void;
}

/** Options of an {@link AdmissionService}. */
export interface AdmissionServiceOptions {
  readonly store: LimitStore;
  readonly syncer: AccountSyncer;
  /** A project's limits (cached). */
  readonly projectLimits: (projectId: string) => Promise<ProjectLimits>;
  /** A key's monthly budget (cached), null for none. */
  readonly keyBudget: (keyId: string) => Promise<bigint | null>;
  /** Usage records waiting to be written; above `maxPendingWrites` admission refuses with 503. */
  readonly pendingWrites: () => number;
  readonly maxPendingWrites: number;
  /** Longest admission may wait on the limit store or database before answering 503, ms. */
  readonly timeoutMs: number;
  readonly now: () => number;
  readonly onError: (error: unknown) => void;
}

/** A request between `begin` and `finish`. */
class PendingAdmission {
  /** What the request waits for: admission, or a 503 once `deadline` passed. */
  readonly ready: Promise<void>;
  /** Settles `ready` and leaves `waiting`; null once it did. */
  private settle: ((error: GatewayError | null) => void) | null = null;

  /**
   * @param work admission itself; settlement waits for it, even after a timeout
   * @param waiting the set of admissions whose `ready` is unsettled; this one is in it until then
   */
  constructor(
    readonly work: Promise<void>,
    /** `performance.now()` after which `ready` rejects. */
    readonly deadline: number,
    waiting: Set<PendingAdmission>,
  ) {
    this.ready = new Promise<void>((resolve, reject) => {
      this.settle = (error) => {
        this.settle = null;
        waiting.delete(this);
        if (error === null) resolve();
        else reject(error);
      };
    });
    waiting.add(this);
    // `ready` is awaited only if the request reaches the upstream; one that fails earlier must not crash the process.
    this.ready.catch(() => undefined);
    // Store failures become 503 too.
    work.then(
      () => this.settle?.(null),
      (error: unknown) => this.settle?.(isGatewayError(error) ? error : unavailable('The metering store is unavailable; retry shortly.', error)),
    );
  }

  /** Refuse with 503 rather than wait without end on a slow store. */
  expire(timeoutMs: number): void {
    this.settle?.(unavailable(`Admission could not reach the metering store within ${timeoutMs} ms.`));
  }
}

interface Ticket {
  readonly accounts: readonly AccountHold[];
  readonly tokenWindows: readonly WindowCount[];
  readonly windowStartMs: number;
}

const WINDOW_MS = 60_000;

const EXHAUSTED: Record<string, [code: 'GW_INSUFFICIENT_BALANCE' | 'GW_PROJECT_BUDGET_EXCEEDED' | 'GW_KEY_BUDGET_EXCEEDED', message: string]> = {
  org: ['GW_INSUFFICIENT_BALANCE', "The organization's balance is used up (including requests in flight). Add credit to continue."],
  project: ['GW_PROJECT_BUDGET_EXCEEDED', "The project's monthly budget is used up (including requests in flight)."],
  key: ['GW_KEY_BUDGET_EXCEEDED', "This API key's monthly budget is used up (including requests in flight)."],
};

/**
 * Admission: before the upstream is called, check and hold the request's worst-case cost against
 * the organization's balance and the project's and key's budgets, and count it against rate
 * limits, in one atomic step of the limit store; when the request's log entry is emitted, release
 * the hold, record the real cost and correct the token count.
 */
export class AdmissionService {
  /** Requests between `begin` and `finish`. */
  private readonly pending = new Map<string, PendingAdmission>();
  /** Those whose `ready` has not settled, in the order they began (so also by deadline). */
  private readonly waiting = new Set<PendingAdmission>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly tickets = new Map<string, Ticket>();
  private admitted = 0;

  constructor(private readonly options: AdmissionServiceOptions) {}

  /** Start admitting a request; the upstream call waits for {@link ready}. */
  begin(request: AdmissionRequest): void {
    // One admission per request: a second relay of the same request (a fallback) reuses the
    // first hold rather than leaking it.
    if (this.pending.has(request.requestId)) return;
    const entry = new PendingAdmission(this.admit(request), performance.now() + this.options.timeoutMs, this.waiting);
    this.pending.set(request.requestId, entry);
    this.startSweep();
  }

  /** Resolves once the request is admitted; rejects with the refusal (402, 429, 503). */
  ready(requestId: string): Promise<void> {
    return this.pending.get(requestId)?.ready ?? Promise.reject(new GatewayError('GW_INTERNAL', 'The request reached the upstream without admission.'));
  }

  /**
   * Settle a finished request (called with its log entry, whatever the outcome). Resolves once its
   * hold is released and its cost recorded, with whether it held anything (tracing waits on it);
   * undefined if it never began admission.
   */
  finish(entry: RequestLogEntry): Promise<boolean> | undefined {
    const admitted = this.pending.get(entry.id);
    if (admitted === undefined) return undefined;
    this.pending.delete(entry.id);
    // Wait for admission itself, not its timeout: a hold taken after the client was told 503 is
    // still released here.
    return admitted.work.then(() => this.settle(entry), () => false);
  }

  /** Requests admitted and not yet settled. */
  get inFlight(): number {
    return this.tickets.size;
  }

  /** Requests admitted (money held, limits counted) since this service started. */
  get admittedTotal(): number {
    return this.admitted;
  }

  private async admit(request: AdmissionRequest): Promise<void> {
    const { key, model } = request;
    if (this.options.pendingWrites() > this.options.maxPendingWrites) {
      throw unavailable('Usage records are waiting for the database; refusing new requests until they are written.');
    }
    // Both are normally cached; started together, awaited in turn (cheaper than Promise.all).
    // A playground request has no key, so no key budget or key account (see CachedKey.playgroundUserId).
    const keyless = key.playgroundUserId !== undefined;
    const limitsRead = this.options.projectLimits(key.projectId);
    const budgetRead = keyless ? null : this.options.keyBudget(key.id);
    const limits = await limitsRead;
    const keyBudget = budgetRead === null ? null : await budgetRead;
    let holdNano = worstCaseCost(request.promptTokens, request.maxOutputTokens, model.pricing);
    for (const pricing of request.holdPricings ?? []) {
      const worst = worstCaseCost(request.promptTokens, request.maxOutputTokens, pricing);
      if (worst > holdNano) holdNano = worst;
    }
    const ids = accountIds(key);
    const accounts: AccountHold[] = [
      { id: ids[0], holdNano, enforce: true },
      { id: ids[1], holdNano, enforce: limits.budgetNano !== null },
    ];
    if (!keyless) accounts.push({ id: ids[2], holdNano, enforce: keyBudget !== null });
    const tokens = request.promptTokens + request.maxOutputTokens;
    // Window ids are built only for the limits that are set (usually none).
    const windows: WindowCount[] = [];
    if (limits.rpm !== null || limits.tpm !== null) addWindows(windows, `project:${key.projectId}`, limits.rpm, limits.tpm, tokens);
    const { rpm, tpm } = model.rateLimit;
    if (rpm !== null || tpm !== null) addWindows(windows, `model:${key.orgId}:${model.id}`, rpm, tpm, tokens);
    const plan: AdmissionPlan = { accounts, windows, nowMs: this.options.now(), windowMs: WINDOW_MS };
    this.options.syncer.touch(keyless ? ids.slice(0, 2) : ids);
    let outcome = await this.options.store.admit(plan);
    if (!outcome.ok && outcome.reason === 'unknown_accounts') {
      await this.options.syncer.refresh(outcome.ids);
      outcome = await this.options.store.admit(plan);
    }
    this.apply(request, plan, outcome);
  }

  /**
   * Admission normally takes microseconds, so rather than a timer per request (two timer-list
   * operations each), one timer checks the oldest waiting admissions every tenth of the timeout:
   * a stuck store is answered with 503 between `timeoutMs` and 1.1 × `timeoutMs`.
   */
  private startSweep(): void {
    if (this.sweepTimer !== null) return;
    this.sweepTimer = setInterval(() => {
      // The monotonic clock, as timers use (options.now may be a test's frozen clock).
      const now = performance.now();
      for (const entry of this.waiting) {
        // In begin order with one shared timeout: the first entry not yet due ends the sweep.
        if (entry.deadline > now) break;
        entry.expire(this.options.timeoutMs);
      }
      // Stops itself when idle (not per request: requests come and go constantly).
      if (this.waiting.size === 0 && this.sweepTimer !== null) {
        clearInterval(this.sweepTimer);
        this.sweepTimer = null;
      }
    }, Math.max(10, Math.floor(this.options.timeoutMs / 10)));
    this.sweepTimer.unref();
  }

  private apply(request: AdmissionRequest, plan: AdmissionPlan, outcome: AdmissionOutcome): void {
    const now = this.options.now();
    if (outcome.ok) {
      this.admitted++;
      if (outcome.windows.length > 0) request.setHeaders(rateLimitHeaders(outcome.windows, now));
      request.onHeld?.(plan.accounts[0]!.holdNano);
      this.tickets.set(request.requestId, {
        accounts: plan.accounts,
        tokenWindows: plan.windows.filter((w) => w.id.startsWith('tpm:')),
        windowStartMs: outcome.windowStartMs,
      });
      return;
    }
    if (outcome.reason === 'exhausted') {
      const [code, message] = EXHAUSTED[outcome.id.slice(0, outcome.id.indexOf(':'))]!;
      throw new GatewayError(code, message);
    }
    if (outcome.reason === 'rate_limited') {
      const { window } = outcome;
      const retryAfterSeconds = Math.max(1, Math.ceil((window.resetAtMs - now) / 1000));
      const what = window.id.startsWith('rpm:') ? 'requests' : 'tokens';
      const scope = window.id.includes(':project:') ? "the project's" : "this model's";
      request.setHeaders(rateLimitHeaders([{ ...window, used: window.limit }], now));
      throw new GatewayError('GW_RATE_LIMITED', `Rate limit reached for ${scope} ${what} per minute (limit ${window.limit}). Retry in ${retryAfterSeconds}s.`, { retryAfterSeconds });
    }
    throw unavailable('The limit store did not recognise the accounts of this key.');
  }

  private async settle(entry: RequestLogEntry): Promise<boolean> {
    const ticket = this.tickets.get(entry.id);
    if (ticket === undefined) return false;
    this.tickets.delete(entry.id);
    const used = entry.usage === null ? 0 : entry.usage.input.total + entry.usage.output.total;
    const settlement = {
      accounts: ticket.accounts.map((a) => ({ id: a.id, holdNano: a.holdNano, costNano: entry.costNano })),
      windows: ticket.tokenWindows.map((w) => ({ id: w.id, delta: used - w.units })),
      windowStartMs: ticket.windowStartMs,
      windowMs: WINDOW_MS,
    };
    // A lost settlement would keep money held, so retry (with backoff) while the store is away.
    for (let attempt = 0; ; attempt++) {
      try {
        await this.options.store.settle(settlement);
        return true;
      } catch (error) {
        this.options.onError(error);
        if (attempt >= 8) return true;
        await new Promise((r) => setTimeout(r, Math.min(10_000, 100 * 2 ** attempt)).unref());
      }
    }
  }
}

/** Store ids of a key's accounts, by key object (the key cache hands out the same object until the key changes). */
const ACCOUNT_IDS = new WeakMap<CachedKey, readonly [org: string, project: string, key: string]>();

/**
 * The ids of the organization, project and key accounts of `key`. Built once per key: each id is a
 * map key in the limit store and the syncer several times per request, and a string built anew has
 * to be flattened and hashed again every time.
 */
function accountIds(key: CachedKey): readonly [org: string, project: string, key: string] {
  let ids = ACCOUNT_IDS.get(key);
  if (ids === undefined) {
    ids = [`org:${key.orgId}`, `project:${key.projectId}`, `key:${key.id}`];
    ACCOUNT_IDS.set(key, ids);
  }
  return ids;
}

/** Add the request and token windows of one scope, for the limits that are set. */
function addWindows(out: WindowCount[], scope: string, rpm: number | null, tpm: number | null, tokens: number): void {
  if (rpm !== null) out.push({ id: `rpm:${scope}`, limit: rpm, units: 1 });
  if (tpm !== null) out.push({ id: `tpm:${scope}`, limit: tpm, units: tokens });
}

function unavailable(message: string, cause?: unknown): GatewayError {
  return new GatewayError('GW_METERING_UNAVAILABLE', message, { retryAfterSeconds: 1, cause });
}
