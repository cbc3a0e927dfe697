import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { GatewayError } from '../core/errors.js';
import type { Readiness } from './readiness.js';

/** How a server answers `GET /metrics`. */
export interface MetricsEndpoint {
  /** The exposition text (this process's, or every worker's added up). */
  readonly render: () => Promise<string>;
  /** Content type of the text format. */
  readonly contentType: string;
  /** Bearer token the scraper must send; null: none. */
  readonly token: string | null;
}

/** `GET /health/live` and `GET /health/ready` (with `GET /health`, kept as it was). */
export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness | null): void {
  app.get('/health', async () => ({ status: 'ok' }));
  // Live while the process answers at all, draining included: restarting it would not help.
  app.get('/health/live', async () => ({ status: 'ok' }));
  if (readiness === null) return;
  app.get('/health/ready', async (_request, reply) => {
    const report = await readiness.report();
    return reply.code(report.status === 'ready' ? 200 : 503).send(report);
  });
}

/** `GET /metrics` in the Prometheus text format, behind the bearer token when one is set. */
export function registerMetricsRoute(app: FastifyInstance, metrics: MetricsEndpoint): void {
  const expected = metrics.token === null ? null : digest(metrics.token);
  app.get('/metrics', async (request, reply) => {
    if (expected !== null) {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      if (given === '' || !timingSafeEqual(digest(given), expected)) {
        throw new GatewayError('GW_METRICS_TOKEN_INVALID', 'Send the metrics token (TF_METRICS_TOKEN) as Authorization: Bearer <token>.');
      }
    }
    const text = await metrics.render();
    return reply.type(metrics.contentType).send(text);
  });
}

/** Equal-length digests, so the comparison takes the same time whatever the token's length. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
