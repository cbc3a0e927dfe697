import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from './gateway-deps.js';
import { registerChatCompletions } from './routes/chat-completions.js';
import { registerCompletions } from './routes/completions.js';
import { registerEmbeddings } from './routes/embeddings.js';
import { registerKey } from './routes/key.js';
import { registerMessages } from './routes/messages.js';
import { registerModels } from './routes/models.js';
import { registerRerank } from './routes/rerank.js';
import { registerResponses } from './routes/responses.js';
import { createMemoryResponseStore, type ResponseStore } from './stored-responses/response-store.js';

/** Options of {@link registerGateway} beyond the shared deps. */
export interface GatewayRouteOptions {
  /** Where `/v1/responses` keeps stored responses and `/v1/messages` its threads; process memory when absent. */
  readonly responseStore?: ResponseStore;
}

/** Register the inference API (`/v1`, and `/v2/rerank`) on an encapsulated Fastify scope. */
export function registerGateway(app: FastifyInstance, deps: GatewayDeps, options: GatewayRouteOptions = {}): void {
  registerChatCompletions(app, deps);
  registerCompletions(app, deps);
  registerEmbeddings(app, deps);
  registerModels(app, deps);
  registerKey(app, deps.metering.selfCheck);
  // One store: message threads are kept like stored responses.
  const responseStore = options.responseStore ?? createMemoryResponseStore();
  registerMessages(app, deps, responseStore);
  registerResponses(app, deps, responseStore);
  registerRerank(app, deps);
}
