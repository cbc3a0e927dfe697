import type { RequestLogEntry } from '../billing/request-log-entry.js';
import type { Catalogue } from '../config/catalogue-types.js';
import type { TracingConfig } from '../config/tracing-config.js';
import type { AdmissionGate } from '../gateway/admission/admit-before-upstream.js';
import type { RequestTracer } from '../gateway/request-tracer.js';
import type { Provider } from '../providers/provider.js';

/**
 * Tracing of inference requests, wired by the composition root: the routes open each request's
 * span (`tracer`), the admission gate and the providers are wrapped to add the admission and
 * upstream-call spans and pass `traceparent` on, and each request-log entry closes its trace and
 * opens the settlement span.
 */
export interface GatewayTracing {
  /** Handed to the routes (`GatewayDeps.tracer`). */
  readonly tracer: RequestTracer;
  /** Wrap the gate that upstream calls wait on, so the wait for admission becomes a span. */
  wrapGate(gate: AdmissionGate): AdmissionGate;
  /** Wrap a catalogue's providers: one client span per upstream call, trace context sent upstream. */
  wrapProviders(providers: ReadonlyMap<string, Provider>, catalogue: Catalogue): Map<string, Provider>;
  /**
   * A request finished: end its spans. `settling` (its hold being released; true when it held
   * money) becomes the settlement span.
   */
  finish(entry: RequestLogEntry, settling: Promise<boolean> | undefined): void;
  /** Export what is buffered and stop. */
  shutdown(): Promise<void>;
}

/**
 * Load the OpenTelemetry SDK and set tracing up, or null when tracing is off: the packages are
 * imported only here, on demand, so a gateway that does not trace neither loads nor runs them.
 */
export async function loadGatewayTracing(config: TracingConfig, serviceVersion: string): Promise<GatewayTracing | null> {
  if (!config.enabled) return null;
  const { createOtelTracing } = await import('./otel-tracing.js');
  return createOtelTracing(config, serviceVersion);
}
