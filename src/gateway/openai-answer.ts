import type { FastifyReply } from 'fastify';

/**
 * Send a JSON answer with the gateway's headers (content type must be JSON or SDKs return strings),
 * merging `extras` (the `tf` block) into an object body.
 */
export async function sendJson(reply: FastifyReply, headers: Record<string, string>, body: unknown, extras: Readonly<Record<string, unknown>> | null = null): Promise<void> {
  const payload = extras !== null && typeof body === 'object' && body !== null ? { ...body, ...extras } : body;
  await reply.code(200).headers(headers).type('application/json').send(JSON.stringify(payload));
}
