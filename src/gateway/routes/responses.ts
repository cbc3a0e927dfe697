import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { estimateChatPromptTokens } from '../../billing/estimate-tokens.js';
import { GatewayError } from '../../core/errors.js';
import { onFirstUse } from '../../core/on-first-use.js';
import { createUsage, type IrChatRequest } from '../../protocol/ir/index.js';
import { decodeResponsesRequest } from '../../protocol/openai-responses/decode-request.js';
import { encodeResponsesUsage } from '../../protocol/openai-responses/encode-usage.js';
import { decodeInput } from '../../protocol/openai-responses/input-items/decode-input.js';
import { inputItemSchema } from '../../protocol/openai-responses/input-items/input-item-schema.js';
import { encodeOutputItems, type ItemIdFactory } from '../../protocol/openai-responses/output-items/encode-output-items.js';
import { encodeResponse, statusFor, type ResponseMeta } from '../../protocol/openai-responses/output-items/encode-response.js';
import { responsesRequestSchema, type ResponsesRequestBody } from '../../protocol/openai-responses/request-schema.js';
import { ResponsesStreamEncoder } from '../../protocol/openai-responses/stream-events/stream-encoder.js';
import type { GatewayDeps } from '../gateway-deps.js';
import { runInference, type InferenceSession } from '../inference-session.js';
import { sendJson } from '../openai-answer.js';
import type { RelayContext } from '../relay/relay-context.js';
import { relayIrFrames } from '../relay/relay-ir-frames.js';
import type { Target } from '../resolve-target.js';
import { isThreadMessageId } from '../stored-responses/message-threads.js';
import type { ResponseStore, StoredResponse } from '../stored-responses/response-store.js';

/** A stored conversation, re-validated when read back. */
const conversationSchema = onFirstUse(() => z.array(inputItemSchema()));

/** Everything one Responses request needs after validation and resolution. */
interface ResponsesCall {
  readonly session: InferenceSession;
  readonly ctx: RelayContext;
  readonly target: Target;
  readonly body: ResponsesRequestBody;
  readonly ir: IrChatRequest;
  readonly meta: ResponseMeta;
  readonly nextId: ItemIdFactory;
  /** Save the finished response (no-op when `store` is false). */
  readonly save: (response: Record<string, unknown>) => Promise<void>;
}

/**
 * `POST /v1/responses` (OpenAI Responses) through the IR for every upstream, with `store` (default
 * true, as OpenAI) and `previous_response_id` scoped to the key's project; `GET /v1/responses/{id}`.
 */
export function registerResponses(app: FastifyInstance, deps: GatewayDeps, store: ResponseStore): void {
  app.post('/v1/responses', (request, reply) =>
    runInference(deps, request, reply, 'responses', async (session) => {
      const parsed = session.parse(responsesRequestSchema());
      const target = session.resolve(parsed.model, ['chat']);
      session.record.stream = parsed.stream === true;
      const body = session.shape('openai-responses', parsed) as ResponsesRequestBody;
      const call = await prepare(session, target, body, store, deps.now());
      return body.stream === true ? streamResponse(call) : completeResponse(call);
    }),
  );
  app.get('/v1/responses/:id', (request, reply) =>
    runInference(deps, request, reply, 'responses', async (session) => {
      const id = (request.params as { id: string }).id;
      // Message threads share the store; they are not responses.
      const stored = isThreadMessageId(id) ? null : await store.find(session.key.projectId, id);
      if (stored === null) throw notFound(id);
      await sendJson(reply, session.record, session.headers, stored.response);
    }),
  );
}

async function prepare(session: InferenceSession, target: Target, body: ResponsesRequestBody, store: ResponseStore, now: number): Promise<ResponsesCall> {
  const history = await loadHistory(store, session.key.projectId, body.previous_response_id ?? null);
  const ir = decodeResponsesRequest(body, target.version.upstreamModel, decodeInput(history));
  const ctx = session.relay(target, () => estimateChatPromptTokens(ir.messages));
  const id = `resp_${session.record.id.slice(4)}`;
  let sequence = 0;
  const nextId: ItemIdFactory = (prefix) => `${prefix}_${session.record.id.slice(4)}${(sequence++).toString(36)}`;
  const meta: ResponseMeta = { id, createdAt: Math.floor(now / 1000), model: ctx.answerModel, echo: echoFields(body) };
  const input = typeof body.input === 'string' ? [{ type: 'message', role: 'user', content: body.input }] : (body.input ?? []);
  const save = async (response: Record<string, unknown>): Promise<void> => {
    if (body.store === false) return;
    const output = Array.isArray(response.output) ? response.output : [];
    const row: StoredResponse = {
      id, orgId: session.key.orgId, projectId: session.key.projectId, keyId: session.key.id, model: target.model.id,
      conversation: [...history, ...input, ...output], response, createdAt: now,
    };
    await store.save(row);
  };
  return { session, ctx, target, body, ir, meta, nextId, save };
}

/**
 * The stored conversation of `previous_response_id`. Unknown, expired, unstored or another
 * project's: OpenAI's own answer, 400 `previous_response_not_found`, the code on which clients that
 * keep the history drop the id and resend the whole conversation.
 */
async function loadHistory(store: ResponseStore, projectId: string, previousId: string | null): Promise<z.infer<ReturnType<typeof conversationSchema>>> {
  if (previousId === null) return [];
  const stored = isThreadMessageId(previousId) ? null : await store.find(projectId, previousId);
  const parsed = stored === null ? null : conversationSchema().safeParse(stored.conversation);
  if (parsed === null || !parsed.success) {
    throw new GatewayError('GW_PREVIOUS_RESPONSE_NOT_FOUND', `Previous response with id '${previousId}' not found.`, { param: 'previous_response_id' });
  }
  return parsed.data;
}

/** Request fields echoed in the response object (wire-formats §6.2). */
function echoFields(body: ResponsesRequestBody): Record<string, unknown> {
  return {
    instructions: body.instructions ?? null,
    tools: body.tools ?? [],
    tool_choice: body.tool_choice ?? 'auto',
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    temperature: body.temperature ?? null,
    top_p: body.top_p ?? null,
    text: body.text ?? { format: { type: 'text' } },
    reasoning: body.reasoning ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    previous_response_id: body.previous_response_id ?? null,
    metadata: body.metadata ?? {},
    // Echoed as requested: a translated upstream reports no tier of its own.
    ...(typeof body.service_tier === 'string' ? { service_tier: body.service_tier } : {}),
  };
}

async function completeResponse(call: ResponsesCall): Promise<void> {
  const { session, ctx, target } = call;
  const chat = target.provider.chat;
  if (!chat) throw unsupported(target);
  const res = await chat.call(target.provider, call.ir, { requestId: session.record.id, signal: session.signal });
  const usage = res.usage ?? createUsage(await ctx.estimatePromptTokens(), 0, { source: 'estimated' });
  const cost = ctx.meter(usage);
  const choice = res.choices[0];
  const finishReason = choice?.finishReason ?? 'stop';
  const output = encodeOutputItems(choice, call.nextId);
  const response = encodeResponse(call.meta, { status: statusFor(finishReason), output, usage: encodeResponsesUsage(usage, cost), finishReason });
  await call.save(response);
  session.record.markFirstByte();
  await sendJson(ctx.reply, ctx.record, session.headers, response, ctx.bodyExtras);
}

async function streamResponse(call: ResponsesCall): Promise<void> {
  const { session, ctx, target } = call;
  const streamChat = target.provider.streamChat;
  if (!streamChat) throw unsupported(target);
  const events = await streamChat.call(target.provider, call.ir, { requestId: session.record.id, signal: session.signal });
  const encoder = new ResponsesStreamEncoder(call.meta, call.nextId, ctx.bodyExtras);
  await relayIrFrames(ctx, events, encoder, session.headers, async () => {
    const response = encoder.response;
    if (response === null) return;
    try {
      await call.save(response);
    } catch (error) {
      // The answer is already paid for and streamed; a failed save must not turn it into an error.
      ctx.reply.log.error({ err: error }, 'storing a streamed response failed');
    }
  });
}

function notFound(id: string): GatewayError {
  return new GatewayError('GW_RESPONSE_NOT_FOUND', `No stored response with id '${id}' in this project.`, { param: null });
}

function unsupported(target: Target): GatewayError {
  return new GatewayError('GW_WRONG_MODEL_KIND', `The upstream of '${target.model.id}' cannot serve responses.`, { param: 'model' });
}
