import { ROOT_CONTEXT, SpanKind, SpanStatusCode, defaultTextMapGetter, defaultTextMapSetter, trace, type Attributes, type Context, type Span, type TextMapPropagator, type Tracer } from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, ConsoleSpanExporter, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { RequestLogEntry } from '../billing/request-log-entry.js';
import type { Catalogue } from '../config/catalogue-types.js';
import type { TracingConfig } from '../config/tracing-config.js';
import { isGatewayError } from '../core/errors.js';
import { formatUsd } from '../core/money.js';
import type { AdmissionGate } from '../gateway/admission/admit-before-upstream.js';
import type { Endpoint } from '../gateway/request-record.js';
import type { TracedRequest } from '../gateway/request-tracer.js';
import type { Provider, ProviderCallContext, RawForwardRequest } from '../providers/provider.js';
import { inputMessages, outputMessages } from './genai-content.js';
import type { GatewayTracing } from './gateway-tracing.js';

/** One traced request between its start and its request-log entry. */
interface RequestTrace {
  readonly root: Span;
  /** The root span's context: parent of every child span. */
  readonly context: Context;
  /**
   * Wall-clock ms minus monotonic ms at the request's start. Every span of the request is timed as
   * `anchor + performance.now()`: one clock, so children sit inside their parent to the
   * microsecond (the SDK anchors each span to `Date.now()` on its own, to the millisecond).
   */
  readonly anchor: number;
  admissionTraced: boolean;
  /** Upstream spans still open: ended with the request (streams) or at `endAt` (answers read whole), once usage is known. */
  readonly upstream: { readonly span: Span; endAt: number | null }[];
}

type CallName = 'chat' | 'streamChat' | 'complete' | 'streamComplete' | 'embed' | 'rerank' | 'forward';

/** GenAI operation of each provider call; `forward` depends on the wire format. */
const CALL_OPERATIONS: Readonly<Record<Exclude<CallName, 'forward'>, string>> = {
  chat: 'chat',
  streamChat: 'chat',
  complete: 'text_completion',
  streamComplete: 'text_completion',
  embed: 'embeddings',
  rerank: 'rerank',
};
const FORWARD_OPERATIONS: Readonly<Record<RawForwardRequest['format'], string>> = {
  'openai-chat': 'chat',
  'openai-completions': 'text_completion',
  'openai-embeddings': 'embeddings',
  'anthropic-messages': 'chat',
};
const ENDPOINT_OPERATIONS: Readonly<Record<Endpoint, string | null>> = {
  'chat.completions': 'chat',
  completions: 'text_completion',
  embeddings: 'embeddings',
  messages: 'chat',
  responses: 'chat',
  rerank: 'rerank',
  models: null,
};

/** `"model": "..."` of a forwarded body (a key inside a JSON string has escaped quotes, so never matches). */
const MODEL_FIELD = /"model"\s*:\s*"((?:[^"\\]|\\.)*)"/;

/** Build tracing on the OpenTelemetry SDK: a tracer provider with a batch processor and the configured exporter. */
export async function createOtelTracing(config: TracingConfig, serviceVersion: string): Promise<GatewayTracing> {
  // Our defaults first; OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES override them.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'tf-gateway', 'service.version': serviceVersion }))
    .merge(detectResources({ detectors: [envDetector] }));
  const exporter = await createExporter(config);
  // BasicTracerProvider and BatchSpanProcessor read OTEL_TRACES_SAMPLER[_ARG] and OTEL_BSP_* themselves.
  const provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  const propagator = createPropagator(config);
  return new OtelTracing(provider.getTracer('tf-gateway', serviceVersion), provider, propagator, config.captureMessageContent);
}

async function createExporter(config: TracingConfig): Promise<SpanExporter> {
  if (config.exporter === 'console') return new ConsoleSpanExporter();
  // Each exporter reads OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT, _HEADERS, _TIMEOUT and _COMPRESSION.
  if (config.protocol === 'http/json') return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
}

function createPropagator(config: TracingConfig): TextMapPropagator {
  const propagators: TextMapPropagator[] = [];
  if (config.propagators.includes('tracecontext')) propagators.push(new W3CTraceContextPropagator());
  if (config.propagators.includes('baggage')) propagators.push(new W3CBaggagePropagator());
  return new CompositePropagator({ propagators });
}

class OtelTracing implements GatewayTracing {
  private readonly traces = new Map<string, RequestTrace>();
  readonly tracer = { start: (request: TracedRequest) => this.start(request) };

  constructor(
    private readonly otel: Tracer,
    private readonly provider: BasicTracerProvider,
    private readonly propagator: TextMapPropagator,
    private readonly captureContent: boolean,
  ) {}

  private start(request: TracedRequest): void {
    const parent = this.propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
    const operation = ENDPOINT_OPERATIONS[request.endpoint];
    const attributes: Attributes = {
      'http.request.method': request.method,
      'http.route': request.route,
      'tf.request_id': request.id,
      'tf.endpoint': request.endpoint,
    };
    if (operation !== null) attributes['gen_ai.operation.name'] = operation;
    if (this.captureContent) {
      const messages = inputMessages(request.body);
      if (messages !== null) attributes['gen_ai.input.messages'] = JSON.stringify(messages);
    }
    const anchor = Date.now() - performance.now();
    const root = this.otel.startSpan(`${request.method} ${request.route}`, { kind: SpanKind.SERVER, attributes, startTime: anchor + performance.now() }, parent);
    this.traces.set(request.id, { root, context: trace.setSpan(parent, root), anchor, admissionTraced: false, upstream: [] });
  }

  wrapGate(gate: AdmissionGate): AdmissionGate {
    return (requestId) => {
      const traced = this.traces.get(requestId);
      // One admission per request: a second upstream call (a fallback) finds it done.
      if (traced === undefined || traced.admissionTraced) return gate(requestId);
      traced.admissionTraced = true;
      const span = this.otel.startSpan('admission', { kind: SpanKind.INTERNAL, startTime: at(traced) }, traced.context);
      return gate(requestId).then(
        () => span.end(at(traced)),
        (error: unknown) => {
          failSpan(span, error);
          span.end(at(traced));
          throw error;
        },
      );
    };
  }

  wrapProviders(providers: ReadonlyMap<string, Provider>, catalogue: Catalogue): Map<string, Provider> {
    const out = new Map<string, Provider>();
    for (const [id, provider] of providers) {
      const baseUrl = catalogue.providers.get(provider.id)?.baseUrl ?? null;
      out.set(id, this.wrapProvider(provider, baseUrl === null ? null : new URL(baseUrl)));
    }
    return out;
  }

  private wrapProvider(provider: Provider, base: URL | null): Provider {
    // Everything but the upstream calls (id, passthrough, close, fields added later) is inherited.
    const wrapped = Object.create(provider) as Record<string, unknown>;
    const server: Attributes = base === null ? {} : { 'server.address': base.hostname, 'server.port': Number(base.port || (base.protocol === 'https:' ? 443 : 80)) };
    for (const name of Object.keys(CALL_OPERATIONS).concat('forward') as CallName[]) {
      const call = provider[name] as ((request: unknown, context: ProviderCallContext) => Promise<unknown>) | undefined;
      if (call === undefined) continue;
      wrapped[name] = async (request: unknown, context: ProviderCallContext) => {
        const traced = this.traces.get(context.requestId);
        if (traced === undefined) return call.call(provider, request, context);
        const forward = name === 'forward' ? (request as RawForwardRequest) : null;
        const operation = forward !== null ? FORWARD_OPERATIONS[forward.format] : CALL_OPERATIONS[name as Exclude<CallName, 'forward'>];
        const model = forward !== null ? (MODEL_FIELD.exec(forward.body)?.[1] ?? '') : String((request as { model?: unknown }).model ?? '');
        const streamed = forward !== null ? forward.stream : name.startsWith('stream');
        const span = this.otel.startSpan(
          `${operation} ${model}`,
          {
            kind: SpanKind.CLIENT,
            attributes: {
              'gen_ai.operation.name': operation,
              'gen_ai.provider.name': provider.type,
              // The name before semantic conventions 1.37; many backends still read it.
              'gen_ai.system': provider.type,
              'gen_ai.request.model': model,
              'tf.provider.id': provider.id,
              ...server,
            },
            startTime: at(traced),
          },
          traced.context,
        );
        const headers: Record<string, string> = { ...context.headers };
        this.propagator.inject(trace.setSpan(traced.context, span), headers, defaultTextMapSetter);
        try {
          const result = await call.call(provider, request, { ...context, headers });
          if (this.captureContent && !streamed) {
            const messages = outputMessages(result);
            if (messages !== null) span.setAttribute('gen_ai.output.messages', JSON.stringify(messages));
          }
          // An answer read whole ends here; a stream ends with the request. Both wait for the usage.
          traced.upstream.push({ span, endAt: streamed ? null : at(traced) });
          return result;
        } catch (error) {
          failSpan(span, error);
          span.end(at(traced));
          throw error;
        }
      };
    }
    return wrapped as unknown as Provider;
  }

  finish(entry: RequestLogEntry, settling: Promise<boolean> | undefined): void {
    const traced = this.traces.get(entry.id);
    if (traced === undefined) return;
    this.traces.delete(entry.id);
    const usage: Attributes = entry.usage === null ? {} : { 'gen_ai.usage.input_tokens': entry.usage.input.total, 'gen_ai.usage.output_tokens': entry.usage.output.total };
    // Usage belongs to the call that answered: the last one.
    const end = at(traced);
    traced.upstream.forEach(({ span, endAt }, i) => {
      if (i === traced.upstream.length - 1) span.setAttributes(usage);
      span.end(endAt ?? end);
    });
    const { root } = traced;
    root.setAttributes({
      ...usage,
      'http.response.status_code': entry.status,
      'tf.stream': entry.stream,
      'tf.cost_usd': formatUsd(entry.costNano),
      ...(entry.modelRequested !== null ? { 'gen_ai.request.model': entry.modelRequested } : {}),
      ...(entry.modelResolved !== null ? { 'tf.model': entry.modelResolved } : {}),
      ...(entry.providerId !== null ? { 'tf.provider.id': entry.providerId } : {}),
      ...(entry.usage !== null ? { 'tf.usage_source': entry.usage.source } : {}),
      ...(entry.errorCode !== null ? { 'error.type': entry.errorCode } : {}),
    });
    // A server span is an error for 5xx only (HTTP semantic conventions); 4xx are the client's.
    if (entry.status >= 500) root.setStatus({ code: SpanStatusCode.ERROR, message: entry.errorCode ?? String(entry.status) });
    root.end(end);
    if (settling === undefined) return;
    // Only a request that held money has a settlement (a refused one held nothing).
    void settling.then((held) => {
      if (!held) return;
      const span = this.otel.startSpan('settlement', { kind: SpanKind.INTERNAL, attributes: { 'tf.cost_usd': formatUsd(entry.costNano) }, startTime: end }, traced.context);
      span.end(at(traced));
    });
  }

  async shutdown(): Promise<void> {
    await this.provider.shutdown();
  }
}

/** Now, on the request's clock (see {@link RequestTrace.anchor}). */
function at(traced: RequestTrace): number {
  return traced.anchor + performance.now();
}

function failSpan(span: Span, error: unknown): void {
  const type = isGatewayError(error) ? error.wireCode : error instanceof Error ? error.name : 'error';
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}
