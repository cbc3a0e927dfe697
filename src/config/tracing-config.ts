/** Where spans go. */
export type TraceExporterKind = 'otlp' | 'console';

/** OTLP over HTTP: protobuf (the specification's default) or JSON. */
export type OtlpProtocol = 'http/protobuf' | 'http/json';

/** OpenTelemetry tracing settings, from the standard `OTEL_*` environment variables. */
export interface TracingConfig {
  /** Whether spans are made and exported at all; when false no OpenTelemetry package is loaded. */
  readonly enabled: boolean;
  /** `OTEL_TRACES_EXPORTER`: `otlp` (default once an endpoint is set) or `console` (stdout, for a look). */
  readonly exporter: TraceExporterKind;
  /** `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL` or `OTEL_EXPORTER_OTLP_PROTOCOL`. */
  readonly protocol: OtlpProtocol;
  /** `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`: prompts and completions on spans (off: never). */
  readonly captureMessageContent: boolean;
  /** `OTEL_PROPAGATORS`: W3C `tracecontext` and `baggage` (both by default), or none. */
  readonly propagators: readonly Propagator[];
}

/** Context propagation formats read from requests and written to upstream calls. */
export type Propagator = 'tracecontext' | 'baggage';

/**
 * Tracing is off unless asked for, so a gateway that does not trace loads nothing and pays nothing:
 * on when `OTEL_TRACES_EXPORTER` names an exporter or an OTLP endpoint is set, and never with
 * `OTEL_SDK_DISABLED=true`. Only these switches are read here; the SDK reads the rest of the
 * standard variables itself (`OTEL_EXPORTER_OTLP_*ENDPOINT`, `_HEADERS`, `_TIMEOUT`,
 * `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`, `OTEL_TRACES_SAMPLER[_ARG]`, `OTEL_BSP_*`).
 */
export function loadTracingConfig(env: Readonly<Record<string, string | undefined>>): TracingConfig {
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '');
  const endpoint = (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '') !== '';
  const protocolText = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf').trim();
  const captureMessageContent = (env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT ?? '').toLowerCase() === 'true';
  const off: TracingConfig = { enabled: false, exporter: 'otlp', protocol: 'http/protobuf', captureMessageContent, propagators: [] };
  if ((env.OTEL_SDK_DISABLED ?? '').toLowerCase() === 'true') return off;
  if (exporters.length === 0 && !endpoint) return off;
  if (exporters.includes('none')) return off;
  const unknown = exporters.filter((e) => e !== 'otlp' && e !== 'console');
  if (unknown.length > 0) throw new Error(`Invalid configuration:\n  OTEL_TRACES_EXPORTER: '${unknown.join(',')}' is not supported; use otlp, console or none.`);
  if (protocolText !== 'http/protobuf' && protocolText !== 'http/json') {
    throw new Error(`Invalid configuration:\n  OTEL_EXPORTER_OTLP_PROTOCOL: '${protocolText}' is not supported; use http/protobuf or http/json (an OpenTelemetry Collector accepts both on port 4318).`);
  }
  const exporter: TraceExporterKind = exporters.length === 1 && exporters[0] === 'console' ? 'console' : 'otlp';
  return { enabled: true, exporter, protocol: protocolText, captureMessageContent, propagators: readPropagators(env.OTEL_PROPAGATORS) };
}

function readPropagators(text: string | undefined): Propagator[] {
  const names = (text ?? 'tracecontext,baggage').split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '');
  if (names.includes('none')) return [];
  const unknown = names.filter((n) => n !== 'tracecontext' && n !== 'baggage');
  if (unknown.length > 0) throw new Error(`Invalid configuration:\n  OTEL_PROPAGATORS: '${unknown.join(',')}' is not supported; use tracecontext, baggage or none.`);
  return names as Propagator[];
}
