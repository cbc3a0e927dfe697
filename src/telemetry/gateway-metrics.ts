import { Counter, Gauge, Registry, type Metric } from 'prom-client';
import type { RequestLogEntry } from '../billing/request-log-entry.js';
import type { SettlementProgress } from '../billing/usage-settler.js';
import { formatUsd } from '../core/money.js';
import type { NotDurableReason } from '../gateway/durable-finish.js';
import type { RequestActivity } from '../gateway/request-activity.js';
import { HistogramMetric } from './histogram-metric.js';
import { processMetricsRegistry } from './process-metrics.js';
import { RequestCounts } from './request-counts.js';

/** What the scrape-time gauges read: state the process keeps anyway, never a query. */
export interface MetricsSources {
  readonly activity: RequestActivity;
  /** Admission: requests holding money now, and admitted since start. */
  readonly admission: { readonly inFlight: number; readonly admittedTotal: number };
  /** Request-log entries waiting for the batch writer. */
  readonly requestLogQueue: () => number;
  /** Answers sent before their request-log entry was committed, by reason (`gateway/durable-finish.ts`). */
  readonly notDurable?: () => Readonly<Record<NotDurableReason, number>>;
  /** The settler's knowledge of the usage outbox. */
  readonly settlement: () => SettlementProgress;
  /** Milliseconds since epoch. */
  readonly now: () => number;
}

/**
 * One metric as prom-client's `getMetricsAsJSON()` gives it and the cluster's IPC channel carries it
 * (prom-client's typings call `type` an enum; at run time it is the type's name).
 */
export interface MetricJson {
  readonly name: string;
  readonly help: string;
  readonly type: string;
  readonly aggregator: string;
  readonly values: readonly { readonly labels: Readonly<Record<string, string | number>>; readonly value: number; readonly metricName?: string }[];
}

/** One process's metrics in a form the cluster primary can add up (see cluster-metrics.ts). */
export interface MetricsSnapshot {
  /** prom-client's JSON of every metric (process and gateway). */
  readonly metrics: readonly MetricJson[];
  /** Exact cost per model, nano-USD as decimal strings (the USD counter is summed from these). */
  readonly costNano: Readonly<Record<string, string>>;
}

/** Name of the cost counter, whose value the cluster primary sums exactly from `costNano`. */
export const COST_METRIC = 'tf_gateway_cost_usd_total';
/** Its help text. */
export const COST_HELP = "Cost billed, USD, by catalogue model (the exact sum of the request log's nano-USD costs).";

/** Request-log error codes that admission refuses with, and their status. */
const ADMISSION_REFUSALS: ReadonlyMap<string, string> = new Map([
  ['insufficient_balance', '402'],
  ['project_budget_exceeded', '402'],
  ['key_budget_exceeded', '402'],
  ['rate_limit_exceeded', '429'],
  ['metering_unavailable', '503'],
]);
const isRefusal = (code: string) => ADMISSION_REFUSALS.has(code);

/**
 * The gateway's Prometheus metrics. Requests, latency, tokens, cost, upstream errors and admission
 * refusals are counted from each request-log entry as it is emitted ({@link RequestCounts}: plain
 * arithmetic on the hot path); prom-client turns the counts into series when scraped. Labels are the
 * endpoint, the catalogue model, the provider and the status: bounded by the catalogue, never a key,
 * user or request id. Gauges are read at scrape time from what the process already knows. Money
 * stays nano-USD (bigint) and becomes a USD number only when scraped.
 */
export class GatewayMetrics {
  /** The gateway's own metrics (process metrics live in a process-wide registry). */
  readonly registry = new Registry();
  private readonly counts = new RequestCounts();
  /** Stored responses and thread turns this process's retention sweeps deleted. */
  private expiredResponses = 0;

  constructor(sources: MetricsSources) {
    // Process metrics count from their registration (CPU seconds, event-loop delay): register them now.
    processMetricsRegistry();
    const registers = [this.registry];
    const counts = this.counts;
    counter(registers, 'tf_gateway_requests_total', 'Inference requests answered (one per request-log entry), by endpoint, catalogue model, provider and HTTP status.', ['endpoint', 'model', 'provider', 'status'], function* () {
      for (const t of counts.allTargets()) for (const [status, n] of t.byStatus) yield [{ endpoint: t.endpoint, model: t.model, provider: t.provider, status: String(status) }, n];
    });
    this.registry.registerMetric(
      new HistogramMetric('tf_gateway_request_duration_seconds', 'Time from the start of an inference request to its last byte, seconds.', function* () {
        for (const t of counts.allTargets()) {
          yield [{ endpoint: t.endpoint, model: t.model, provider: t.provider, stream: 'false' }, t.duration[0]] as const;
          yield [{ endpoint: t.endpoint, model: t.model, provider: t.provider, stream: 'true' }, t.duration[1]] as const;
        }
      }) as unknown as Metric,
    );
    this.registry.registerMetric(
      new HistogramMetric('tf_gateway_time_to_first_token_seconds', 'Time from the start of a streamed inference request to its first chunk, seconds.', function* () {
        for (const t of counts.allTargets()) yield [{ endpoint: t.endpoint, model: t.model, provider: t.provider }, t.ttft] as const;
      }) as unknown as Metric,
    );
    counter(registers, 'tf_gateway_tokens_total', 'Tokens billed, by catalogue model and type (input: prompt, cached included; output: generated, reasoning included).', ['model', 'type'], function* () {
      for (const [model, c] of counts.models) {
        if (c.input > 0) yield [{ model, type: 'input' }, c.input];
        if (c.output > 0) yield [{ model, type: 'output' }, c.output];
      }
    });
    counter(registers, COST_METRIC, COST_HELP, ['model'], function* () {
      for (const [model, c] of counts.models) if (c.costNano > 0n) yield [{ model }, usdNumber(c.costNano)];
    });
    counter(registers, 'tf_gateway_upstream_errors_total', 'Inference requests that ended with an upstream error, by provider and error code.', ['provider', 'code'], function* () {
      for (const [provider, byCode] of counts.upstreamErrors) for (const [code, n] of byCode) yield [{ provider, code }, n];
    });
    counter(registers, 'tf_gateway_upstream_retries_total', 'Upstream attempts of routed requests that failed and were retried (on the same deployment, another one, or a fallback model), by the provider that failed.', ['provider'], function* () {
      for (const [provider, n] of counts.retries) yield [{ provider }, n];
    });
    counter(registers, 'tf_gateway_upstream_fallbacks_total', 'Routed requests answered by a fallback model, by the model asked for and the model that answered.', ['model', 'fallback'], function* () {
      for (const [key, n] of counts.fallbacks) {
        const [model, fallback] = key.split('\u0000');
        yield [{ model: model!, fallback: fallback! }, n];
      }
    });
    counter(registers, 'tf_gateway_admission_refusals_total', 'Inference requests admission refused, by reason (the error code) and HTTP status (402, 429, 503).', ['reason', 'status'], function* () {
      for (const [code, n] of counts.refusals) yield [{ reason: code, status: ADMISSION_REFUSALS.get(code)! }, n];
    });
    counter(registers, 'tf_gateway_admission_holds_total', 'Inference requests admitted: worst-case cost held and rate limits counted.', [], function* () {
      yield [{}, sources.admission.admittedTotal];
    });
    gauge(registers, 'tf_gateway_admission_holds', 'Admitted inference requests whose hold is not settled yet.', () => sources.admission.inFlight);
    gauge(registers, 'tf_gateway_requests_in_flight', 'Inference requests being handled.', () => sources.activity.inFlight);
    gauge(registers, 'tf_gateway_streams_open', 'Streamed answers that started and have not finished.', () => sources.activity.streaming);
    const notDurable = sources.notDurable;
    counter(registers, 'tf_gateway_answers_not_durable_total', 'Answers whose last bytes went out before their request-log entry was committed, by reason (timeout: the bounded wait ran out; store_failing: the writer was retrying, so no wait). A crash then can lose them.', ['reason'], function* () {
      if (notDurable === undefined) return;
      for (const [reason, n] of Object.entries(notDurable())) yield [{ reason }, n];
    });
    counter(registers, 'tf_gateway_stored_responses_expired_total', "Stored responses and message-thread turns deleted by this process's retention sweeps (older than TF_RESPONSE_RETENTION_DAYS).", [], () => [[{}, this.expiredResponses]]);
    gauge(registers, 'tf_gateway_request_log_queued_entries', 'Request-log entries (with their usage events) waiting to be written.', sources.requestLogQueue);
    gauge(registers, 'tf_gateway_usage_outbox_events', "Usage events waiting for settlement that this process's last settlement pass found (and settled).", () => sources.settlement().lastPassEvents);
    gauge(registers, 'tf_gateway_settlement_lag_seconds', "Seconds since the start of this process's last settlement pass that left no usage event unsettled.", () => {
      const drainedAt = sources.settlement().drainedAt;
      return drainedAt === null ? 0 : Math.max(0, sources.now() - drainedAt) / 1000;
    });
  }

  /** Count one finished request from its request-log entry (called once per entry, on the hot path). */
  observe(entry: RequestLogEntry): void {
    this.counts.observe(entry, isRefusal);
  }

  /** Count stored responses a retention sweep deleted. */
  countExpiredResponses(deleted: number): void {
    this.expiredResponses += deleted;
  }

  /** The exposition text: process metrics, then the gateway's. */
  async render(): Promise<string> {
    const [process, gateway] = await Promise.all([processMetricsRegistry().metrics(), this.registry.metrics()]);
    return `${process}\n${gateway}`;
  }

  /** Everything as JSON with the exact costs, for the cluster primary to add up. */
  async snapshot(): Promise<MetricsSnapshot> {
    const [process, gateway] = await Promise.all([processMetricsRegistry().getMetricsAsJSON(), this.registry.getMetricsAsJSON()]);
    const costNano: Record<string, string> = {};
    for (const [model, c] of this.counts.models) if (c.costNano > 0n) costNano[model] = c.costNano.toString();
    return { metrics: [...process, ...gateway] as unknown as MetricJson[], costNano };
  }
}

/** Content type of the text exposition format. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * A nano-USD amount as the number Prometheus stores: through its exact decimal, so the text format
 * shows that decimal (float64 keeps every digit of amounts below about 9 million USD).
 */
export function usdNumber(nano: bigint): number {
  return Number(formatUsd(nano));
}

/** A counter whose series are read from counts kept elsewhere when scraped. */
function counter<L extends string>(registers: Registry[], name: string, help: string, labelNames: L[], read: () => Iterable<readonly [Partial<Record<L, string>>, number]>): void {
  new Counter<L>({
    name,
    help,
    labelNames,
    registers,
    collect() {
      this.reset();
      for (const [labels, value] of read()) this.inc(labels, value);
    },
  });
}

function gauge(registers: Registry[], name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers,
    collect() {
      this.set(read());
    },
  });
}
