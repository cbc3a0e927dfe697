import type { FastifyReply } from 'fastify';

/** Send a JSON answer with the gateway's headers (content type must be JSON or SDKs return strings). */
export async function sendJson(reply: FastifyReply, headers: Record<string, string>, body: unknown): Promise<void> {
  await reply.code(200).headers(headers).type('application/json').send(JSON.stringify(body));
}
