import type { FastifyInstance } from 'fastify';
import { estimateChatPromptTokens } from '../../billing/estimate-tokens.js';
import { GatewayError } from '../../core/errors.js';
import { createUsage } from '../../protocol/ir/index.js';
import { ChatChunkEncoder } from '../../protocol/openai/chat-chunk-encoder.js';
import { chatRequestSchema, type ChatRequestBody } from '../../protocol/openai/chat-request-schema.js';
import { decodeChatRequest } from '../../protocol/openai/decode-chat-request.js';
import { encodeChatResponse } from '../../protocol/openai/encode-chat-response.js';
import { encodeOpenAIUsage } from '../../protocol/openai/encode-usage.js';
import type { GatewayDeps } from '../gateway-deps.js';
import { runInference, type InferenceSession } from '../inference-session.js';
import { sendJson } from '../openai-answer.js';
import type { RelayContext } from '../relay/relay-context.js';
import { relayIrStream } from '../relay/relay-ir-stream.js';
import { relayPassthroughJson } from '../relay/relay-passthrough-json.js';
import { relayPassthroughStream } from '../relay/relay-passthrough-stream.js';
import type { Target } from '../resolve-target.js';

/** `POST /v1/chat/completions`. */
export function registerChatCompletions(app: FastifyInstance, deps: GatewayDeps): void {
  app.post('/v1/chat/completions', (request, reply) => runInference(deps, request, reply, 'chat.completions', serveChatCompletion));
}

/** Answer one chat completion request (the /v1 route and the console playground share it). */
export async function serveChatCompletion(session: InferenceSession): Promise<void> {
  const parsed = session.parse(chatRequestSchema());
  const target = session.resolve(parsed.model, ['chat']);
  const stream = parsed.stream === true;
  session.record.stream = stream;
  const body = session.shape('openai-chat', parsed) as ChatRequestBody;
  const ctx = session.relay(target, () => estimateChatPromptTokens(body.messages));
  const includeUsage = stream && body.stream_options?.include_usage === true;
  if (target.provider.passthrough.has('openai-chat')) {
    const upstream: Record<string, unknown> = { ...body, model: target.version.upstreamModel };
    if (stream) upstream.stream_options = { ...(body.stream_options ?? {}), include_usage: true };
    const json = JSON.stringify(upstream);
    const defaults = requestedTier(body).serviceTier === undefined ? undefined : { service_tier: body.service_tier };
    return stream ? relayPassthroughStream(ctx, 'openai-chat', json, includeUsage, defaults) : relayPassthroughJson(ctx, 'openai-chat', json, defaults);
  }
  return stream ? streamViaIr(session, ctx, target, body, includeUsage) : completeViaIr(session, ctx, target, body);
}

/** Chat through a translating provider, non-streaming. */
async function completeViaIr(session: InferenceSession, ctx: RelayContext, target: Target, body: ChatRequestBody): Promise<void> {
  const chat = target.provider.chat;
  if (!chat) throw unsupported(target);
  const ir = decodeChatRequest(body, target.version.upstreamModel);
  const res = await chat.call(target.provider, ir, { requestId: session.record.id, signal: session.signal });
  const usage = res.usage ?? createUsage(await ctx.estimatePromptTokens(), 0, { source: 'estimated' });
  const cost = ctx.meter(usage);
  const meta = { id: `chatcmpl-${session.record.id.slice(4)}`, created: Math.floor(Date.now() / 1000), model: ctx.answerModel, ...requestedTier(body) };
  session.record.markFirstByte();
  await sendJson(ctx.reply, ctx.record, session.headers, encodeChatResponse(res, meta, encodeOpenAIUsage(usage, cost)), ctx.bodyExtras);
}

/** Chat through a translating provider, streaming. */
async function streamViaIr(
  session: InferenceSession,
  ctx: RelayContext,
  target: Target,
  body: ChatRequestBody,
  includeUsage: boolean,
): Promise<void> {
  const streamChat = target.provider.streamChat;
  if (!streamChat) throw unsupported(target);
  const ir = decodeChatRequest(body, target.version.upstreamModel);
  const events = await streamChat.call(target.provider, ir, { requestId: session.record.id, signal: session.signal });
  const meta = { id: `chatcmpl-${session.record.id.slice(4)}`, created: Math.floor(Date.now() / 1000), model: ctx.answerModel, ...requestedTier(body) };
  const encoder = new ChatChunkEncoder(meta);
  await relayIrStream(
    ctx,
    events,
    {
      encode: (event) => encoder.encode(event),
      failureChunk: () => encoder.finishChunk(0, 'error'),
      usageChunk: (usage, cost) => encoder.usageChunk(encodeOpenAIUsage(usage, cost)),
    },
    includeUsage,
  );
}

function unsupported(target: Target): GatewayError {
  return new GatewayError('GW_WRONG_MODEL_KIND', `The upstream of '${target.model.id}' cannot serve chat completions.`, { param: 'model' });
}

/**
 * The request's `service_tier`, echoed in the answer when the upstream reports none (a translated
 * upstream never does); without one the answer leaves the field out, as before.
 */
function requestedTier(body: ChatRequestBody): { serviceTier?: string } {
  return typeof body.service_tier === 'string' ? { serviceTier: body.service_tier } : {};
}
