import { estimateTokens } from '../../billing/estimate-tokens.js';
import { GatewayError } from '../../core/errors.js';
import { isJsonObject, safeParseJson, type JsonObject } from '../../core/json.js';
import { ContentAssembler } from '../../protocol/anthropic-messages/content-assembler.js';
import { decodeMessagesUsage, readUsageCounts, type AnthropicUsageCounts } from '../../protocol/anthropic-messages/decode-usage.js';
import { encodeMessagesError } from '../../protocol/anthropic-messages/error-envelope.js';
import { createUsage } from '../../protocol/ir/index.js';
import { formatSseEvent, type SseEvent } from '../../protocol/sse/index.js';
import { forwardedStream, forwardedText, sseEventStream, transportFailureDetail, type SseStreamConverter } from '../../providers/http/index.js';
import { sendJsonText } from '../openai-answer.js';
import { estimateStreamUsage } from './estimate-stream-usage.js';
import type { RelayContext } from './relay-context.js';
import { SseWriter } from './sse-response.js';

/** Largest non-streamed upstream answer accepted. */
const MAX_UPSTREAM_BODY = 32 * 1024 * 1024;

/** Texts generated in a Messages object or content-block delta (for estimates when usage is missing). */
function collectMessageText(value: unknown, out: string[]): void {
  if (!isJsonObject(value)) return;
  const blocks = Array.isArray(value.content) ? value.content : [value.delta, value.content_block];
  for (const block of blocks) {
    if (!isJsonObject(block)) continue;
    for (const key of ['text', 'thinking', 'partial_json'] as const) if (typeof block[key] === 'string') out.push(block[key]);
    if (isJsonObject(block.input)) out.push(JSON.stringify(block.input));
  }
}

/**
 * A message thread's part in a relay: the answer carries the thread's message id (the upstream holds
 * no thread, the gateway does) and its content is stored before the client sees the answer end.
 */
export interface ThreadHook {
  readonly id: string;
  save(content: readonly unknown[]): Promise<void>;
}

/** Non-streaming Messages passthrough: the upstream's JSON is sent on unchanged except `usage.cost` and `model` (the catalogue id). */
export async function relayMessagesJson(ctx: RelayContext, body: string, headers: Record<string, string>, thread: ThreadHook | null = null): Promise<void> {
  const forward = ctx.provider.forward;
  if (!forward) throw new GatewayError('GW_INTERNAL', `Provider ${ctx.provider.id} cannot forward anthropic-messages`);
  const res = await forward({ format: 'anthropic-messages', body, stream: false }, { requestId: ctx.record.id, signal: ctx.signal });
  const parsed = safeParseJson(await forwardedText(res, MAX_UPSTREAM_BODY));
  if (!parsed.ok || !isJsonObject(parsed.value)) {
    throw new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${ctx.provider.id} answered with invalid JSON.`);
  }
  const answer = parsed.value;
  const counts = readUsageCounts(answer.usage);
  let usage;
  if (counts !== null && counts.input_tokens !== undefined) usage = decodeMessagesUsage(counts);
  else {
    const generated: string[] = [];
    collectMessageText(answer, generated);
    usage = createUsage(await ctx.estimatePromptTokens(), await estimateTokens(generated), { source: 'estimated' });
  }
  const cost = ctx.meter(usage);
  answer.usage = { ...(isJsonObject(answer.usage) ? answer.usage : { input_tokens: usage.input.total, output_tokens: usage.output.total }), cost };
  answer.model = ctx.answerModel;
  if (thread !== null) {
    answer.id = thread.id;
    await thread.save(Array.isArray(answer.content) ? answer.content : []);
  }
  ctx.record.markFirstByte();
  await sendJsonText(ctx.reply, ctx.record, headers, JSON.stringify(answer));
}

/**
 * Streaming Messages passthrough: frames are relayed as the upstream sent them (unknown fields and
 * events kept); only `message_delta.usage` is touched, to add `cost` (and estimated counts when the
 * upstream sent none, because the SDKs read that field unconditionally).
 */
export async function relayMessagesStream(ctx: RelayContext, body: string, headers: Record<string, string>, thread: ThreadHook | null = null): Promise<void> {
  const forward = ctx.provider.forward;
  if (!forward) throw new GatewayError('GW_INTERNAL', `Provider ${ctx.provider.id} cannot forward anthropic-messages`);
  const res = await forward({ format: 'anthropic-messages', body, stream: true }, { requestId: ctx.record.id, signal: ctx.signal });
  const frames = new MessagesFrames();
  const upstream = sseEventStream(forwardedStream(res), frames, ctx.signal);
  ctx.reply.hijack();
  const writer = new SseWriter(ctx.reply.raw);
  writer.start(headers);
  const generated: string[] = [];
  let counts: AnthropicUsageCounts = {};
  let metered = false;
  let stopped = false;
  let relayedError = false;
  let failure: GatewayError | null = null;
  const assembled = thread === null ? null : new ContentAssembler();
  try {
    for await (const event of upstream) {
      if (writer.isClosed) break;
      const name = event.event;
      if (name === undefined) continue;
      const parsed = safeParseJson(event.data);
      const data = parsed.ok && isJsonObject(parsed.value) ? parsed.value : null;
      if (data === null && name !== 'ping') {
        failure = new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${ctx.provider.id} sent an invalid stream frame.`);
        break;
      }
      if (name === 'message_start' && data !== null && isJsonObject(data.message)) counts = { ...counts, ...readUsageCounts(data.message.usage) };
      if (name === 'content_block_delta' || name === 'content_block_start') collectMessageText(data, generated);
      let text = formatSseEvent(event.data, name);
      if (name === 'message_start' && data !== null && isJsonObject(data.message)) {
        const id = thread === null ? {} : { id: thread.id };
        text = formatSseEvent(JSON.stringify({ ...data, message: { ...data.message, model: ctx.answerModel, ...id } }), name);
      }
      if (assembled !== null && data !== null) assembled.add(name, data);
      // Stored before the client sees the end, so a continue sent right after finds it.
      if (name === 'message_stop' && thread !== null && assembled !== null) await thread.save(assembled.content);
      if (name === 'message_delta' && data !== null) {
        text = formatSseEvent(JSON.stringify(await meterDelta(ctx, data, counts, generated)), name);
        metered = true;
      }
      if (name === 'error') {
        failure = upstreamStreamError(ctx.provider.id, data);
        relayedError = true;
      }
      ctx.record.markFirstByte();
      // The usage delta and the end are held until the entry is durable (below), with the events of
      // the same upstream read not yet written (one write for them and the end).
      if (name === 'message_delta' || name === 'message_stop' || name === 'error') {
        writer.holdQueued();
        writer.hold(text);
      } else if (!writer.send(text)) await writer.drain();
      if (name === 'error') break;
      if (name === 'message_stop') {
        stopped = true;
        break;
      }
    }
  } catch (error) {
    // What the loop itself threw (saving the thread, an estimate): the stream failed.
    if (!ctx.signal.aborted) failure = streamFailed(ctx, error);
  } finally {
    // Leaving the loop early cancels the upstream call, unless the answer was whole (message_stop):
    // then the rest of the body is read and dropped and the connection is reused.
    await upstream.return?.();
  }
  if (frames.readError !== undefined && failure === null && !ctx.signal.aborted) failure = streamFailed(ctx, frames.readError);
  if (!metered) ctx.meter(await estimateStreamUsage(ctx, generated));
  if (writer.isClosed) {
    ctx.record.finish(499, 'client_closed_request');
    return;
  }
  if (failure === null && !stopped) failure = new GatewayError('GW_UPSTREAM_STREAM_FAILED', `The upstream ${ctx.provider.id} stream broke off before message_stop.`);
  if (failure !== null && failure.code !== 'GW_UPSTREAM_STREAM_FAILED') failure = new GatewayError('GW_UPSTREAM_STREAM_FAILED', failure.message, { cause: failure });
  if (failure !== null && !relayedError) {
    writer.hold(formatSseEvent(JSON.stringify(encodeMessagesError(failure, ctx.record.id)), 'error'));
  }
  await ctx.record.finishDurably(failure === null ? 200 : failure.status, failure ?? undefined);
  writer.end();
}

/**
 * The upstream's Messages events as they are, read by {@link sseEventStream}: the answer is whole at
 * `message_stop` and failed at `error`; a read failure is kept for the relay to report.
 */
class MessagesFrames implements SseStreamConverter<SseEvent> {
  outcome: 'complete' | 'failed' | null = null;
  /** Why reading the body failed; undefined when it did not. */
  readError: unknown = undefined;

  event(frame: SseEvent): readonly SseEvent[] {
    if (frame.event === 'message_stop') this.outcome = 'complete';
    else if (frame.event === 'error') this.outcome = 'failed';
    return [frame];
  }

  end(): readonly SseEvent[] {
    return [];
  }

  fail(error: unknown): readonly SseEvent[] {
    this.readError = error;
    this.outcome = 'failed';
    return [];
  }
}

/** Add `cost` (and estimated counts when missing) to a `message_delta`, metering the final usage. */
async function meterDelta(ctx: RelayContext, data: JsonObject, start: AnthropicUsageCounts, generated: readonly string[]): Promise<JsonObject> {
  const delta = readUsageCounts(data.usage);
  if (delta === null || delta.output_tokens === undefined) {
    const usage = await estimateStreamUsage(ctx, generated);
    const cost = ctx.meter(usage);
    return { ...data, usage: { ...(isJsonObject(data.usage) ? data.usage : {}), output_tokens: usage.output.total, cost } };
  }
  const usage = start.input_tokens === undefined && delta.input_tokens === undefined
    ? createUsage(await ctx.estimatePromptTokens(), delta.output_tokens, { source: 'estimated' })
    : decodeMessagesUsage({ ...start, ...delta });
  return { ...data, usage: { ...(data.usage as JsonObject), cost: ctx.meter(usage) } };
}

/** A read of the upstream, or the relay's own work, failed mid-stream. */
function streamFailed(ctx: RelayContext, error: unknown): GatewayError {
  return new GatewayError('GW_UPSTREAM_STREAM_FAILED', `The upstream ${ctx.provider.id} stream failed: ${transportFailureDetail(ctx.provider.id, error, ctx.signal)}`, { cause: error });
}

/** The upstream's own `event: error`, relayed as sent; recorded as a stream failure. */
function upstreamStreamError(providerId: string, data: JsonObject | null): GatewayError {
  const error = data !== null && isJsonObject(data.error) ? data.error : {};
  const message = typeof error.message === 'string' ? error.message : 'stream error';
  return new GatewayError('GW_UPSTREAM_STREAM_FAILED', `The upstream ${providerId} failed mid-stream: ${message}`);
}
