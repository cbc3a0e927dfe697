import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CachedKey } from '../auth/key-cache.js';
import { priceUsage } from '../billing/price-usage.js';
import type { ModelKind } from '../catalog/types.js';
import { formatUsd } from '../core/money.js';
import { GatewayError, isGatewayError } from '../core/errors.js';
import { isJsonObject } from '../core/json.js';
import { zodIssueToError } from '../protocol/openai/format-zod-issue.js';
import type { GatewayDeps } from './gateway-deps.js';
import type { RelayContext } from './relay/relay-context.js';
import { RequestRecord, type Endpoint } from './request-record.js';
import { resolveTarget, type Target } from './resolve-target.js';
import { authenticate } from './authenticate.js';

/** One inference request in progress: its key, record, cancellation and helpers. */
export interface InferenceSession {
  readonly key: CachedKey;
  readonly record: RequestRecord;
  readonly signal: AbortSignal;
  /** Headers every answer carries. */
  readonly headers: Record<string, string>;
  /** Validate the body against a wire schema (400 naming the field on failure). */
  parse<T extends z.ZodType>(schema: T): z.infer<T>;
  /** Resolve the model for this endpoint's kinds and note it on the record. */
  resolve(name: string, kinds: readonly ModelKind[]): Target;
  /** Build the relay context for a resolved target. */
  relay(target: Target, estimatePromptTokens: () => number): RelayContext;
}

/**
 * Run one inference request: authenticate, run the endpoint, and write exactly one request-log
 * entry whatever happens. Errors before the answer started propagate to the error handler (which
 * writes the envelope); relays handle errors after that themselves.
 */
export async function runInference(
  deps: GatewayDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: Endpoint,
  handler: (session: InferenceSession) => Promise<void>,
): Promise<void> {
  const record = new RequestRecord(request.id, endpoint, deps.now(), deps.now, deps.recordRequest);
  const body = request.body;
  if (isJsonObject(body) && typeof body.model === 'string') record.modelRequested = body.model;
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new GatewayError('GW_INVALID_REQUEST', 'client closed the request'));
  });
  const headers = { 'x-request-id': request.id };
  try {
    const key = await authenticate(request.headers, deps.keys, deps.now());
    record.key = key;
    await handler(createSession(deps, request, reply, key, record, controller.signal, headers));
    record.finish(200);
  } catch (error) {
    if (controller.signal.aborted) {
      record.finish(499, 'client_closed_request');
      return;
    }
    record.finish(isGatewayError(error) ? error.status : 500, error);
    throw error;
  }
}

function createSession(
  deps: GatewayDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  key: CachedKey,
  record: RequestRecord,
  signal: AbortSignal,
  headers: Record<string, string>,
): InferenceSession {
  return {
    key,
    record,
    signal,
    headers,
    parse(schema) {
      if (!isJsonObject(request.body)) {
        throw new GatewayError('GW_INVALID_REQUEST', 'The request body must be a JSON object.');
      }
      const result = schema.safeParse(request.body);
      if (!result.success) throw zodIssueToError(result.error);
      return result.data;
    },
    resolve(name, kinds) {
      const target = resolveTarget(deps.catalogue(), deps.providers(), name, kinds, key);
      record.modelResolved = target.version.version === null ? target.model.id : `${target.model.id}@${target.version.version}`;
      record.providerId = target.provider.id;
      return target;
    },
    relay(target, estimatePromptTokens) {
      return {
        reply,
        record,
        provider: target.provider,
        pricing: target.model.pricing,
        signal,
        headers,
        estimatePromptTokens,
        meter(usage, searchUnits = 0) {
          const cost = priceUsage(usage, target.model.pricing, searchUnits);
          record.setUsage(usage, cost);
          return formatUsd(cost);
        },
      };
    },
  };
}
