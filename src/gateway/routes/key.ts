import type { FastifyInstance } from 'fastify';
import type { KeySelfCheck } from '../admission/key-self-check.js';

/** `GET /v1/key`: the calling key's own record and this month's settled usage (never billed). */
export function registerKey(app: FastifyInstance, selfCheck: KeySelfCheck): void {
  app.get('/v1/key', async (request, reply) => {
    const body = await selfCheck.check(request.headers, request.ip);
    await reply.header('cache-control', 'no-store').type('application/json').send(JSON.stringify(body));
  });
}
