import type { FastifyReply } from 'fastify';
import type { RequestRecord } from './request-record.js';

/**
 * Send a JSON answer with the gateway's headers (content type must be JSON or SDKs return strings),
 * merging `extras` (the `tf` block) into an object body. Every JSON answer of an inference route
 * goes out through here or {@link sendJsonText}: the request's entry is made durable first.
 */
export async function sendJson(reply: FastifyReply, record: RequestRecord, headers: Record<string, string>, body: unknown, extras: Readonly<Record<string, unknown>> | null = null): Promise<void> {
  const payload = extras !== null && typeof body === 'object' && body !== null ? { ...body, ...extras } : body;
  await sendJsonText(reply, record, headers, JSON.stringify(payload));
}

/**
 * Send an already serialised JSON answer (status 200), after the durable-finish step: the request's
 * log entry and usage event are committed before the client can have its answer, so a crash cannot
 * lose the bill of an answered request (bounded wait: `DurableFinish`).
 */
export async function sendJsonText(reply: FastifyReply, record: RequestRecord, headers: Record<string, string>, text: string): Promise<void> {
  await record.finishDurably(200);
  await reply.code(200).headers(headers).type('application/json').send(text);
}
