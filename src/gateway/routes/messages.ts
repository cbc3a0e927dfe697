import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { estimateChatPromptTokens } from '../../billing/estimate-tokens.js';
import { GatewayError } from '../../core/errors.js';
import { decodeMessagesRequest } from '../../protocol/anthropic-messages/decode-request.js';
import { encodeMessage } from '../../protocol/anthropic-messages/encode-message.js';
import { encodeMessagesUsage } from '../../protocol/anthropic-messages/encode-usage.js';
import { countTokensRequestSchema, messagesRequestSchema, type MessagesRequestBody } from '../../protocol/anthropic-messages/request-schema.js';
import { MessagesStreamEncoder } from '../../protocol/anthropic-messages/stream-encoder.js';
import { createUsage } from '../../protocol/ir/index.js';
import type { GatewayDeps } from '../gateway-deps.js';
import { runInference, type InferenceSession } from '../inference-session.js';
import { sendJson } from '../openai-answer.js';
import type { RelayContext } from '../relay/relay-context.js';
import { relayIrFrames } from '../relay/relay-ir-frames.js';
import { relayMessagesJson, relayMessagesStream, type ThreadHook } from '../relay/relay-messages-passthrough.js';
import type { Target } from '../resolve-target.js';
import { openThread, type ThreadTurn } from '../stored-responses/message-threads.js';
import type { ResponseStore } from '../stored-responses/response-store.js';
import { ContentAssembler } from '../../protocol/anthropic-messages/content-assembler.js';

/** Route options: errors of these routes use the Anthropic envelope. */
const ANTHROPIC_ROUTE = { config: { errorEnvelope: 'anthropic' } } as const;

/**
 * `POST /v1/messages` (Anthropic Messages): forwarded unchanged to an Anthropic upstream, translated
 * through the IR for every other upstream; server-held threads (`thread`) kept in `store`, per
 * project, like `previous_response_id`. `POST /v1/messages/count_tokens` estimates locally.
 */
export function registerMessages(app: FastifyInstance, deps: GatewayDeps, store: ResponseStore): void {
  for (const prefix of PREFIXES) registerMessagesAt(app, deps, store, prefix);
}

/**
 * The Anthropic SDK appends `/v1/messages` to its base URL, so a user who copies the OpenAI habit of
 * ending the base URL in `/v1` calls `/v1/v1/messages`: serve that too rather than answer 404.
 */
const PREFIXES = ['/v1', '/v1/v1'] as const;

function registerMessagesAt(app: FastifyInstance, deps: GatewayDeps, store: ResponseStore, prefix: string): void {
  app.post(`${prefix}/messages`, ANTHROPIC_ROUTE, (request, reply) =>
    runInference(deps, request, reply, 'messages', async (session) => {
      const parsed = session.parse(messagesRequestSchema());
      const target = session.resolve(parsed.model, ['chat']);
      const stream = parsed.stream === true;
      session.record.stream = stream;
      const shaped = session.shape('anthropic-messages', parsed) as MessagesRequestBody;
      const { key, record } = session;
      const thread = await openThread(store, { orgId: key.orgId, projectId: key.projectId, keyId: key.id, requestId: record.id }, shaped);
      try {
        // On a thread: the whole conversation, so the upstream answers (and bills) all of it.
        const body = thread?.body ?? shaped;
        const hook = thread === null ? null : threadHook(thread, `msg_${record.id.slice(4)}`, target.model.id, deps.now, request.log);
        const ctx = session.relay(target, () => estimateChatPromptTokens([{ content: body.system ?? '' }, ...body.messages]));
        // The same object as the session's: headers added later (x-tf-cost) reach the answer.
        session.headers['request-id'] = record.id;
        const headers = session.headers;
        if (target.provider.passthrough.has('anthropic-messages')) {
          const json = JSON.stringify({ ...body, model: target.version.upstreamModel });
          return await (stream ? relayMessagesStream(ctx, json, headers, hook) : relayMessagesJson(ctx, json, headers, hook));
        }
        return await (stream ? streamViaIr(session, ctx, target, body, headers, hook) : completeViaIr(session, ctx, target, body, headers, hook));
      } finally {
        await thread?.end(deps.now());
      }
    }),
  );
  app.post(`${prefix}/messages/count_tokens`, ANTHROPIC_ROUTE, (request, reply) =>
    runInference(deps, request, reply, 'messages', async (session) => {
      const body = session.parse(countTokensRequestSchema());
      session.resolve(body.model, ['chat']);
      // Counting only a continue's new messages would undercount: refused rather than dropped.
      if (body.thread !== undefined && body.thread !== null) {
        throw new GatewayError('GW_THREAD_UNSUPPORTED', 'count_tokens counts a whole conversation; send it without thread.', { param: 'thread' });
      }
      const tools = (body.tools ?? []).map((t) => ({ content: JSON.stringify(t) }));
      const inputTokens = await estimateChatPromptTokens([{ content: typeof body.system === 'string' ? body.system : (body.system ?? []) }, ...body.messages, ...tools]);
      await sendJson(reply, session.record, { ...session.headers, 'request-id': session.record.id }, { input_tokens: inputTokens });
    }),
  );
}

/** Messages through a translating provider, non-streaming. */
async function completeViaIr(session: InferenceSession, ctx: RelayContext, target: Target, body: MessagesRequestBody, headers: Record<string, string>, thread: ThreadHook | null): Promise<void> {
  const chat = target.provider.chat;
  if (!chat) throw unsupported(target);
  const ir = decodeMessagesRequest(body, target.version.upstreamModel);
  const res = await chat.call(target.provider, ir, { requestId: session.record.id, signal: session.signal });
  const usage = res.usage ?? createUsage(await ctx.estimatePromptTokens(), 0, { source: 'estimated' });
  const cost = ctx.meter(usage);
  session.record.markFirstByte();
  const meta = { id: `msg_${session.record.id.slice(4)}`, model: ctx.answerModel };
  const message = encodeMessage(res, meta, encodeMessagesUsage(usage, cost));
  await thread?.save(Array.isArray(message.content) ? message.content : []);
  await sendJson(ctx.reply, ctx.record, headers, message, ctx.bodyExtras);
}

/** Messages through a translating provider, streaming the full event sequence. */
async function streamViaIr(session: InferenceSession, ctx: RelayContext, target: Target, body: MessagesRequestBody, headers: Record<string, string>, thread: ThreadHook | null): Promise<void> {
  const streamChat = target.provider.streamChat;
  if (!streamChat) throw unsupported(target);
  const ir = decodeMessagesRequest(body, target.version.upstreamModel);
  // message_start carries the prompt's tokens: the estimate (counted in slices of the event loop) runs
  // while the upstream is called, for upstreams that report none up front.
  const estimating = ctx.estimatePromptTokens();
  const events = await streamChat.call(target.provider, ir, { requestId: session.record.id, signal: session.signal });
  const promptTokens = await estimating;
  const assembled = thread === null ? null : new ContentAssembler();
  const observe = assembled === null ? null : (type: string, data: Record<string, unknown>) => assembled.add(type, data);
  const encoder = new MessagesStreamEncoder({ id: `msg_${session.record.id.slice(4)}`, model: ctx.answerModel }, session.record.id, ctx.bodyExtras, () => promptTokens, observe);
  await relayIrFrames(ctx, events, encoder, headers, thread === null || assembled === null ? undefined : () => thread.save(assembled.content));
}

/**
 * Stores a thread's answer. A failed save is logged, not raised: the answer is paid for and being
 * delivered, and a continue from it gets `thread_not_found`, from which the SDK replays the thread.
 */
function threadHook(thread: ThreadTurn, id: string, model: string, now: () => number, log: FastifyBaseLogger): ThreadHook {
  return {
    id,
    async save(content) {
      try {
        await thread.save({ id, content }, model, now());
      } catch (error) {
        log.error({ err: error }, 'storing a message thread failed');
      }
    },
  };
}

function unsupported(target: Target): GatewayError {
  return new GatewayError('GW_WRONG_MODEL_KIND', `The upstream of '${target.model.id}' cannot serve messages.`, { param: 'model' });
}
