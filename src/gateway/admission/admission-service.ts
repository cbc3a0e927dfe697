import type { CachedKey } from '../../auth/key-cache.js';
import type { RequestLogEntry } from '../../billing/request-log-entry.js';
import { worstCaseCost } from '../../billing/worst-case-cost.js';
import type { CatalogueModel } from '../../catalog/types.js';
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
  /** Adds headers (`x-ratelimit-*`) to the answer, whether it succeeds or is refused. */
  readonly setHeaders: (headers: Record<string, string>) => void;
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
  /** Per request: admission itself, and admission bounded by the timeout (what the request waits for). */
  private readonly pending = new Map<string, { readonly work: Promise<void>; readonly timed: Promise<void> }>();
  private readonly tickets = new Map<string, Ticket>();

  constructor(private readonly options: AdmissionServiceOptions) {}

  /** Start admitting a request; the upstream call waits for {@link ready}. */
  begin(request: AdmissionRequest): void {
    // One admission per request: a second relay of the same request (a fallback) reuses the
    // first hold rather than leaking it.
    if (this.pending.has(request.requestId)) return;
    const work = this.admit(request);
    const timed = withTimeout(work, this.options.timeoutMs);
    // Awaited by `ready`; a request that fails before reaching it must not crash the process.
    work.catch(() => undefined);
    timed.catch(() => undefined);
    this.pending.set(request.requestId, { work, timed });
  }

  /** Resolves once the request is admitted; rejects with the refusal (402, 429, 503). */
  ready(requestId: string): Promise<void> {
    return this.pending.get(requestId)?.timed ?? Promise.reject(new GatewayError('GW_INTERNAL', 'The request reached the upstream without admission.'));
  }

  /** Settle a finished request (called with its log entry, whatever the outcome). */
  finish(entry: RequestLogEntry): void {
    const admitted = this.pending.get(entry.id);
    if (admitted === undefined) return;
    this.pending.delete(entry.id);
    // Wait for admission itself, not its timeout: a hold taken after the client was told 503 is
    // still released here.
    void admitted.work.then(() => this.settle(entry), () => undefined);
  }

  /** Requests admitted and not yet settled. */
  get inFlight(): number {
    return this.tickets.size;
  }

  private async admit(request: AdmissionRequest): Promise<void> {
    const { key, model } = request;
    if (this.options.pendingWrites() > this.options.maxPendingWrites) {
      throw unavailable('Usage records are waiting for the database; refusing new requests until they are written.');
    }
    const [limits, keyBudget] = await Promise.all([this.options.projectLimits(key.projectId), this.options.keyBudget(key.id)]);
    const holdNano = worstCaseCost(request.promptTokens, request.maxOutputTokens, model.pricing);
    const accounts: AccountHold[] = [
      { id: `org:${key.orgId}`, holdNano, enforce: true },
      { id: `project:${key.projectId}`, holdNano, enforce: limits.budgetNano !== null },
      { id: `key:${key.id}`, holdNano, enforce: keyBudget !== null },
    ];
    const tokens = request.promptTokens + request.maxOutputTokens;
    const windows = [
      ...limitWindows(`project:${key.projectId}`, limits.rpm, limits.tpm, tokens),
      ...limitWindows(`model:${key.orgId}:${model.id}`, model.rateLimit.rpm, model.rateLimit.tpm, tokens),
    ];
    const plan: AdmissionPlan = { accounts, windows, nowMs: this.options.now(), windowMs: WINDOW_MS };
    this.options.syncer.touch(accounts.map((a) => a.id));
    let outcome = await this.options.store.admit(plan);
    if (!outcome.ok && outcome.reason === 'unknown_accounts') {
      await this.options.syncer.refresh(outcome.ids);
      outcome = await this.options.store.admit(plan);
    }
    this.apply(request, plan, outcome);
  }

  private apply(request: AdmissionRequest, plan: AdmissionPlan, outcome: AdmissionOutcome): void {
    const now = this.options.now();
    if (outcome.ok) {
      request.setHeaders(rateLimitHeaders(outcome.windows, now));
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

  private async settle(entry: RequestLogEntry): Promise<void> {
    const ticket = this.tickets.get(entry.id);
    if (ticket === undefined) return;
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
        return;
      } catch (error) {
        this.options.onError(error);
        if (attempt >= 8) return;
        await new Promise((r) => setTimeout(r, Math.min(10_000, 100 * 2 ** attempt)).unref());
      }
    }
  }
}

/** Request and token windows of one scope, for the limits that are set. */
function limitWindows(scope: string, rpm: number | null, tpm: number | null, tokens: number): WindowCount[] {
  const out: WindowCount[] = [];
  if (rpm !== null) out.push({ id: `rpm:${scope}`, limit: rpm, units: 1 });
  if (tpm !== null) out.push({ id: `tpm:${scope}`, limit: tpm, units: tokens });
  return out;
}

function unavailable(message: string, cause?: unknown): GatewayError {
  return new GatewayError('GW_METERING_UNAVAILABLE', message, { retryAfterSeconds: 1, cause });
}

/** Refuse with 503 rather than wait without end on a slow store; store failures become 503 too. */
async function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unavailable(`Admission could not reach the metering store within ${ms} ms.`)), ms);
  });
  try {
    await Promise.race([work, timeout]);
  } catch (error) {
    if (isGatewayError(error)) throw error;
    throw unavailable('The metering store is unavailable; retry shortly.', error);
  } finally {
    clearTimeout(timer);
  }
}
