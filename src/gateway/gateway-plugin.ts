import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from './gateway-deps.js';
import { registerChatCompletions } from './routes/chat-completions.js';
import { registerCompletions } from './routes/completions.js';
import { registerEmbeddings } from './routes/embeddings.js';
import { registerModels } from './routes/models.js';

/** Register the inference API (`/v1`) on an encapsulated Fastify scope. */
export function registerGateway(app: FastifyInstance, deps: GatewayDeps): void {
  registerChatCompletions(app, deps);
  registerCompletions(app, deps);
  registerEmbeddings(app, deps);
  registerModels(app, deps);
}
