import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { GatewayError } from '../core/errors.js';
import { createRequestId } from '../core/ids.js';
import type { GatewayDeps } from '../gateway/gateway-deps.js';
import { registerGateway } from '../gateway/gateway-plugin.js';
import { openAIErrorHandler, sendOpenAIError } from './error-handler.js';

/** Options of {@link buildServer}. */
export interface BuildServerOptions {
  readonly gateway: GatewayDeps;
  readonly logLevel: string;
  readonly bodyLimitBytes: number;
}

/**
 * Assemble the HTTP server: request ids on every answer, the OpenAI error envelope for errors and
 * unknown routes, and the gateway's routes in their own encapsulated scope.
 */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel },
    // Request ids are ours (sortable, `req_`), never taken from the client.
    genReqId: () => createRequestId(),
    requestIdHeader: false,
    // The request log (one row per request, in the store) replaces per-request access log lines.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimitBytes,
    return503OnClosing: true,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler(openAIErrorHandler);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    await sendOpenAIError(reply, new GatewayError('GW_ROUTE_NOT_FOUND', `Unknown request URL: ${request.method} ${path}.`));
  });
  app.get('/health', async () => ({ status: 'ok' }));
  await app.register(async (scope) => {
    registerGateway(scope, options.gateway);
  });
  return app;
}
