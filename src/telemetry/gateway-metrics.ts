import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RequestLogEntry } from '../billing/request-log-entry.js';
import type { SettlementProgress } from '../billing/usage-settler.js';
import { formatUsd } from '../core/money.js';
import type { RequestActivity } from '../gateway/request-activity.js';
import { processMetricsRegistry } from './process-metrics.js';

/** What the scrape-time gauges read: state the process keeps anyway, never a query. */
export interface MetricsSources {
  readonly activity: RequestActivity;
  /** Admission: requests holding money now, and admitted since start. */
  readonly admission: { readonly inFlight: number; readonly admittedTotal: number };
  /** Request-log entries waiting for the batch writer. */
  readonly requestLogQueue: () => number;
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

/** Latency buckets, seconds: from a cached answer to a long generation. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** Time-to-first-token buckets, seconds. */
const TTFT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Request-log error codes that admission refuses with, by status. */
const ADMISSION_REFUSALS: ReadonlyMap<string, string> = new Map([
  ['insufficient_balance', '402'],
  ['project_budget_exceeded', '402'],
  ['key_budget_exceeded', '402'],
  ['rate_limit_exceeded', '429'],
  ['metering_unavailable', '503'],
]);

/**
 * The gateway's Prometheus metrics. Requests, latency, tokens, cost, upstream errors and admission
 * refusals are counted from each request-log entry as it is emitted (labels are the endpoint, the
 * catalogue model, the provider and the status: bounded by the catalogue, never a key, user or
 * request id); gauges are read at scrape time from what the process already knows. Money stays
 * nano-USD (bigint) and becomes a USD number only when scraped.
 */
export class GatewayMetrics {
  /** The gateway's own metrics (process metrics live in a process-wide registry). */
  readonly registry = new Registry();
  private readonly costNano = new Map<string, bigint>();
  private readonly requests: Counter<'endpoint' | 'model' | 'provider' | 'status'>;
  private readonly duration: Histogram<'endpoint' | 'model' | 'provider' | 'stream'>;
  private readonly ttft: Histogram<'endpoint' | 'model' | 'provider'>;
  private readonly tokens: Counter<'model' | 'type'>;
  private readonly upstreamErrors: Counter<'provider' | 'code'>;
  private readonly refusals: Counter<'reason' | 'status'>;

  constructor(sources: MetricsSources) {
    // Process metrics count from their registration (CPU seconds, event-loop delay): register them now.
    processMetricsRegistry();
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'tf_gateway_requests_total',
      help: 'Inference requests answered (one per request-log entry), by endpoint, catalogue model, provider and HTTP status.',
      labelNames: ['endpoint', 'model', 'provider', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'tf_gateway_request_duration_seconds',
      help: 'Time from the start of an inference request to its last byte, seconds.',
      labelNames: ['endpoint', 'model', 'provider', 'stream'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.ttft = new Histogram({
      name: 'tf_gateway_time_to_first_token_seconds',
      help: 'Time from the start of a streamed inference request to its first chunk, seconds.',
      labelNames: ['endpoint', 'model', 'provider'],
      buckets: TTFT_BUCKETS,
      registers,
    });
    this.tokens = new Counter({
      name: 'tf_gateway_tokens_total',
      help: 'Tokens billed, by catalogue model and type (input: prompt, cached included; output: generated, reasoning included).',
      labelNames: ['model', 'type'],
      registers,
    });
    const costNano = this.costNano;
    new Counter({
      name: COST_METRIC,
      help: COST_HELP,
      labelNames: ['model'],
      registers,
      collect() {
        this.reset();
        for (const [model, nano] of costNano) this.inc({ model }, usdNumber(nano));
      },
    });
    this.upstreamErrors = new Counter({
      name: 'tf_gateway_upstream_errors_total',
      help: 'Inference requests that ended with an upstream error, by provider and error code.',
      labelNames: ['provider', 'code'],
      registers,
    });
    this.refusals = new Counter({
      name: 'tf_gateway_admission_refusals_total',
      help: 'Inference requests admission refused, by reason (the error code) and HTTP status (402, 429, 503).',
      labelNames: ['reason', 'status'],
      registers,
    });
    new Counter({
      name: 'tf_gateway_admission_holds_total',
      help: 'Inference requests admitted: worst-case cost held and rate limits counted.',
      registers,
      collect() {
        this.reset();
        this.inc(sources.admission.admittedTotal);
      },
    });
    gauge(registers, 'tf_gateway_admission_holds', 'Admitted inference requests whose hold is not settled yet.', () => sources.admission.inFlight);
    gauge(registers, 'tf_gateway_requests_in_flight', 'Inference requests being handled.', () => sources.activity.inFlight);
    gauge(registers, 'tf_gateway_streams_open', 'Streamed answers that started and have not finished.', () => sources.activity.streaming);
    gauge(registers, 'tf_gateway_request_log_queued_entries', 'Request-log entries (with their usage events) waiting to be written.', sources.requestLogQueue);
    gauge(registers, 'tf_gateway_usage_outbox_events', 'Usage events waiting for settlement that this process\'s last settlement pass found (and settled).', () => sources.settlement().lastPassEvents);
    gauge(registers, 'tf_gateway_settlement_lag_seconds', 'Seconds since the start of this process\'s last settlement pass that left no usage event unsettled.', () => {
      const drainedAt = sources.settlement().drainedAt;
      return drainedAt === null ? 0 : Math.max(0, sources.now() - drainedAt) / 1000;
    });
  }

  /** Count one finished request from its request-log entry (called once per entry, on the hot path). */
  observe(entry: RequestLogEntry): void {
    const model = entry.modelResolved ?? '';
    const provider = entry.providerId ?? '';
    this.requests.inc({ endpoint: entry.endpoint, model, provider, status: String(entry.status) });
    this.duration.observe({ endpoint: entry.endpoint, model, provider, stream: entry.stream ? 'true' : 'false' }, entry.latencyMs / 1000);
    if (entry.stream && entry.ttftMs !== null) this.ttft.observe({ endpoint: entry.endpoint, model, provider }, entry.ttftMs / 1000);
    const usage = entry.usage;
    if (usage !== null) {
      if (usage.input.total > 0) this.tokens.inc({ model, type: 'input' }, usage.input.total);
      if (usage.output.total > 0) this.tokens.inc({ model, type: 'output' }, usage.output.total);
    }
    if (entry.costNano !== 0n) this.costNano.set(model, (this.costNano.get(model) ?? 0n) + entry.costNano);
    const code = entry.errorCode;
    if (code !== null) {
      if (code.startsWith('upstream_') && provider !== '') this.upstreamErrors.inc({ provider, code });
      const refusal = ADMISSION_REFUSALS.get(code);
      if (refusal !== undefined) this.refusals.inc({ reason: code, status: refusal });
    }
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
    for (const [model, nano] of this.costNano) costNano[model] = nano.toString();
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
