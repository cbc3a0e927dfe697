import type { RequestLogEntry, UpstreamAttempt } from '../billing/request-log-entry.js';

/** Latency buckets, seconds: from a cached answer to a long generation. */
export const DURATION_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** Time-to-first-token buckets, seconds. */
export const TTFT_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Observations of one histogram series: a count per bucket (not cumulative; the last is +Inf), their sum and number. */
export class HistogramCounts {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    this.count++;
    this.sum += value;
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    this.counts[i]!++;
  }
}

/** Everything counted for one endpoint, catalogue model and provider. */
export class TargetCounts {
  /** Requests by HTTP status. */
  readonly byStatus = new Map<number, number>();
  /** Latency of answers not streamed ([0]) and streamed ([1]). */
  readonly duration = [new HistogramCounts(DURATION_BUCKETS), new HistogramCounts(DURATION_BUCKETS)] as const;
  /** Time to the first chunk of streamed answers. */
  readonly ttft = new HistogramCounts(TTFT_BUCKETS);

  constructor(
    readonly endpoint: string,
    readonly model: string,
    readonly provider: string,
  ) {}
}

/** Tokens and exact cost of one catalogue model. */
export class ModelCounts {
  input = 0;
  output = 0;
  costNano = 0n;
}

/**
 * Request-log entries added up with plain arithmetic, in maps keyed by the strings the entries
 * already hold (the catalogue's ids, hashed once by V8): a few map reads and additions per request,
 * where prom-client's `inc`/`observe` hash a label object on every call. Metrics turn these into
 * prom-client series only when scraped.
 */
export class RequestCounts {
  /** endpoint → model → provider → counts. */
  readonly targets = new Map<string, Map<string, Map<string, TargetCounts>>>();
  readonly models = new Map<string, ModelCounts>();
  /** provider → error code → requests. */
  readonly upstreamErrors = new Map<string, Map<string, number>>();
  /** Error code → requests admission refused with it. */
  readonly refusals = new Map<string, number>();
  /** provider → failed attempts of routed requests that were retried (on it or elsewhere). */
  readonly retries = new Map<string, number>();
  /** `model\u0000fallback` → routed requests a fallback model answered. */
  readonly fallbacks = new Map<string, number>();

  /** Count one entry (once per request, on the hot path). */
  observe(entry: RequestLogEntry, isRefusal: (code: string) => boolean): void {
    const model = entry.modelResolved ?? '';
    const provider = entry.providerId ?? '';
    const target = this.target(entry.endpoint, model, provider);
    target.byStatus.set(entry.status, (target.byStatus.get(entry.status) ?? 0) + 1);
    target.duration[entry.stream ? 1 : 0].observe(entry.latencyMs / 1000);
    if (entry.stream && entry.ttftMs !== null) target.ttft.observe(entry.ttftMs / 1000);
    if (entry.usage !== null || entry.costNano !== 0n) {
      let counts = this.models.get(model);
      if (counts === undefined) this.models.set(model, (counts = new ModelCounts()));
      if (entry.usage !== null) {
        counts.input += entry.usage.input.total;
        counts.output += entry.usage.output.total;
      }
      counts.costNano += entry.costNano;
    }
    if (entry.attempts !== undefined && entry.attempts.length > 0) this.observeAttempts(entry.attempts);
    const code = entry.errorCode;
    if (code === null) return;
    if (provider !== '' && code.startsWith('upstream_')) {
      let byCode = this.upstreamErrors.get(provider);
      if (byCode === undefined) this.upstreamErrors.set(provider, (byCode = new Map()));
      byCode.set(code, (byCode.get(code) ?? 0) + 1);
    }
    if (isRefusal(code)) this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
  }

  /** Retries (every attempt followed by another) and a fallback (the answer came from another model). */
  private observeAttempts(attempts: readonly UpstreamAttempt[]): void {
    for (let i = 0; i < attempts.length - 1; i++) {
      const provider = attempts[i]!.provider;
      this.retries.set(provider, (this.retries.get(provider) ?? 0) + 1);
    }
    const first = attempts[0]!;
    const last = attempts[attempts.length - 1]!;
    if (last.status === 200 && last.model !== first.model) {
      const key = `${first.model}\u0000${last.model}`;
      this.fallbacks.set(key, (this.fallbacks.get(key) ?? 0) + 1);
    }
  }

  /** Every target counted so far. */
  *allTargets(): Iterable<TargetCounts> {
    for (const byModel of this.targets.values()) for (const byProvider of byModel.values()) yield* byProvider.values();
  }

  private target(endpoint: string, model: string, provider: string): TargetCounts {
    let byModel = this.targets.get(endpoint);
    if (byModel === undefined) this.targets.set(endpoint, (byModel = new Map()));
    let byProvider = byModel.get(model);
    if (byProvider === undefined) byModel.set(model, (byProvider = new Map()));
    let target = byProvider.get(provider);
    if (target === undefined) byProvider.set(provider, (target = new TargetCounts(endpoint, model, provider)));
    return target;
  }
}
