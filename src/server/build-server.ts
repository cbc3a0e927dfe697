import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TrustProxy } from '../config/server-config.js';
import { createRequestId } from '../core/ids.js';
import type { GatewayDeps } from '../gateway/gateway-deps.js';
import { registerGateway } from '../gateway/gateway-plugin.js';
import { createPlaygroundChat } from '../gateway/routes/playground-chat.js';
import type { ResponseStore } from '../gateway/stored-responses/response-store.js';
import { registerConsole, type ConsoleDeps } from '../console/console-plugin.js';
import { registerConsoleWeb, type ConsoleWebOptions } from './console-web.js';
import { openAIErrorHandler, sendErrorEnvelope } from './error-handler.js';
import { answerClientError, envelopeForUrl, refuseFrameworkError, sendUnknownRoute, shutdownRefusal } from './framework-refusals.js';
import { registerHealthRoutes, registerMetricsRoute, type MetricsEndpoint } from './operations-routes.js';
import type { Readiness } from './readiness.js';

/** Options of {@link buildServer}. */
export interface BuildServerOptions {
  readonly gateway: GatewayDeps;
  readonly logLevel: string;
  readonly bodyLimitBytes: number;
  /** Peers whose `X-Forwarded-*` headers are believed (`TF_TRUST_PROXY`); default: none. */
  readonly trustProxy?: TrustProxy;
  /** Stored `/v1/responses` answers (the SQL store in production); process memory when absent. */
  readonly responseStore?: ResponseStore;
  /** Console API dependencies; the console is mounted under /api when given. */
  readonly console?: ConsoleDeps;
  /** Where the built web console lives (default: `dist/web`); it is served under /console. */
  readonly consoleWeb?: ConsoleWebOptions;
  /** `GET /health/ready`'s checks; absent: no readiness route. */
  readonly readiness?: Readiness;
  /** `GET /metrics` on this port; absent: not served here (off, or on its own port). */
  readonly metrics?: MetricsEndpoint;
}

/**
 * Assemble the HTTP server: request ids on every answer, the OpenAI error envelope for errors and
 * unknown routes, the gateway's routes and the console API (`/api`) in their own encapsulated scopes,
 * and the web console's files under `/console`.
 */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const app = createApp(options.logLevel, options.bodyLimitBytes, options.trustProxy ?? false);
  registerHealthRoutes(app, options.readiness ?? null);
  if (options.metrics) registerMetricsRoute(app, options.metrics);
  await app.register(async (scope) => {
    registerGateway(scope, options.gateway, options.responseStore ? { responseStore: options.responseStore } : {});
  });
  // The console's playground runs through the gateway's own chat path.
  if (options.console) await registerConsole(app, { playgroundChat: createPlaygroundChat(options.gateway), ...options.console });
  await registerConsoleWeb(app, options.consoleWeb);
  // Generated from the route schemas (console and /v1 request schemas), not written by hand; on the
  // first request, not at start: few processes are ever asked, and it is ≈1 MiB of an idle heap.
  let openapi: Promise<unknown> | null = null;
  const stripeWebhook = options.console?.payments?.stripe != null;
  app.get('/openapi.json', () => (openapi ??= import('../console/openapi.js').then((m) => m.buildOpenApiDocument({ stripeWebhook }))));
  return app;
}

/** A server for `/metrics` alone, on its own port (`TF_METRICS_PORT`): request ids and error envelopes as on the main port. */
export function buildMetricsServer(options: { readonly logLevel: string; readonly metrics: MetricsEndpoint }): FastifyInstance {
  const app = createApp(options.logLevel, 1024, false);
  registerMetricsRoute(app, options.metrics);
  return app;
}

/** A route the server serves: method and Fastify's URL pattern (`:param`, `*`). */
export interface ServedRoute {
  readonly method: string;
  readonly url: string;
}

const SERVED_ROUTES = new WeakMap<FastifyInstance, ServedRoute[]>();

/** Every route registered on a server built here (HEAD twins of GET routes left out); /openapi.json must describe them all. */
export function servedRoutes(app: FastifyInstance): readonly ServedRoute[] {
  return SERVED_ROUTES.get(app) ?? [];
}

/** Fastify with what every answer of ours has: an `x-request-id`, and errors (and unknown routes) in the OpenAI envelope. */
function createApp(logLevel: string, bodyLimitBytes: number, trustProxy: TrustProxy): FastifyInstance {
  const app = Fastify({
    logger: { level: logLevel },
    // Request ids are ours (sortable, `req_`), never taken from the client.
    genReqId: () => createRequestId(),
    requestIdHeader: false,
    // The request log (one row per request, in the store) replaces per-request access log lines.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: bodyLimitBytes,
    trustProxy: fastifyTrustProxy(trustProxy),
    // Fastify's own refusals have no envelope and no request id: ours answer them (framework-refusals.ts).
    return503OnClosing: false,
    frameworkErrors: refuseFrameworkError,
    clientErrorHandler: answerClientError,
  });
  const routes: ServedRoute[] = [];
  SERVED_ROUTES.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Callback style: an async hook costs a promise and a microtask on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (closing) {
      reply.header('connection', 'close');
      void sendErrorEnvelope(reply, shutdownRefusal(), envelopeForUrl(request.url));
      return;
    }
    done();
  });
  app.setErrorHandler(openAIErrorHandler);
  app.setNotFoundHandler((request, reply) => sendUnknownRoute(request, reply));
  return app;
}

/** `TF_TRUST_PROXY` in the shape Fastify's types take (a hop count as the function Fastify builds from one). */
function fastifyTrustProxy(trustProxy: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return typeof trustProxy === 'boolean' ? trustProxy : [...trustProxy];
}
