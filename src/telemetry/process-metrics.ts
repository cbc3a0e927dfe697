import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | null = null;

/**
 * The process metrics (CPU, memory, heap, event-loop delay, GC, handles: prom-client's default
 * set), registered once per process however many gateways it runs (tests run several): the
 * collectors they start (an event-loop delay monitor, a GC observer) cannot be stopped again.
 */
export function processMetricsRegistry(): Registry {
  if (processRegistry === null) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
