import { GatewayError } from '../../core/errors.js';
import { isJsonObject, safeParseJson, type JsonObject } from '../../core/json.js';
import type { IrUsage } from '../../protocol/ir/index.js';
import { decodeOpenAIUsage } from '../../protocol/openai/decode-usage.js';
import { encodeOpenAIUsage } from '../../protocol/openai/encode-usage.js';
import { readSseEvents } from '../../protocol/sse/index.js';
import { mapTransportError } from '../../providers/http/index.js';
import type { WireFormat } from '../../providers/provider.js';
import { collectChoiceText } from './collect-choice-text.js';
import { finishOpenAIStream } from './finish-openai-stream.js';
import type { RelayContext } from './relay-context.js';
import { SseWriter } from './sse-response.js';

/**
 * Streaming passthrough for OpenAI-style SSE (chat and legacy completions). Chunks are forwarded
 * as the upstream sent them (unknown fields kept, no re-encode); only the usage chunk is rewritten
 * to add `cost`, or dropped when the client did not ask for usage.
 */
export async function relayPassthroughStream(
  ctx: RelayContext,
  format: WireFormat,
  body: string,
  includeUsage: boolean,
): Promise<void> {
  const forward = ctx.provider.forward;
  if (!forward) throw new GatewayError('GW_INTERNAL', `Provider ${ctx.provider.id} cannot forward ${format}`);
  const res = await forward({ format, body, stream: true }, { requestId: ctx.record.id, signal: ctx.signal });
  ctx.reply.hijack();
  const writer = new SseWriter(ctx.reply.raw);
  writer.start(ctx.headers);

  const generated: string[] = [];
  let reportedUsage: IrUsage | null = null;
  let failure: GatewayError | null = null;
  let last: JsonObject | null = null;
  try {
    for await (const event of readSseEvents(res.body)) {
      if (writer.isClosed) break;
      if (event.data === '[DONE]') break;
      const parsed = safeParseJson(event.data);
      if (!parsed.ok || !isJsonObject(parsed.value)) {
        failure = new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${ctx.provider.id} sent an invalid stream chunk.`);
        break;
      }
      const chunk = parsed.value;
      if (chunk.error !== undefined && chunk.error !== null) {
        failure = upstreamStreamError(ctx.provider.id, chunk.error);
        break;
      }
      collectChoiceText(chunk, generated);
      last = chunk;
      const usage = decodeOpenAIUsage(chunk.usage);
      if (usage !== null) {
        reportedUsage = usage;
        const cost = ctx.meter(usage);
        const hasChoices = Array.isArray(chunk.choices) && chunk.choices.length > 0;
        if (includeUsage) chunk.usage = { ...(chunk.usage as JsonObject), cost };
        else if (hasChoices) delete chunk.usage;
        else continue;
        ctx.record.markFirstByte();
        await writer.write(`data: ${JSON.stringify(chunk)}\n\n`);
        continue;
      }
      ctx.record.markFirstByte();
      await writer.write(`data: ${event.data}\n\n`);
    }
  } catch (error) {
    if (!ctx.signal.aborted) {
      const mapped = mapTransportError(ctx.provider.id, error, ctx.signal);
      failure = mapped instanceof GatewayError ? mapped : new GatewayError('GW_UPSTREAM_STREAM_FAILED', 'The upstream stream failed.');
    }
  } finally {
    if (!res.body.destroyed) res.body.destroy();
  }
  const meta = { id: last?.id ?? `chatcmpl-${ctx.record.id}`, created: last?.created ?? Math.floor(Date.now() / 1000), model: last?.model ?? '' };
  await finishOpenAIStream(ctx, writer, {
    reportedUsage,
    failure: failure === null ? null : asStreamFailure(failure),
    generated,
    includeUsage,
    failureChunk: () =>
      format === 'openai-chat'
        ? { ...meta, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'error' }] }
        : { ...meta, object: 'text_completion', choices: [{ index: 0, text: '', logprobs: null, finish_reason: 'error' }] },
    usageChunk: (usage, cost) => ({
      ...meta,
      object: format === 'openai-chat' ? 'chat.completion.chunk' : 'text_completion',
      choices: [],
      usage: encodeOpenAIUsage(usage, cost),
    }),
  });
}

/** An error object sent by the upstream inside the stream. */
function upstreamStreamError(providerId: string, error: unknown): GatewayError {
  const message = isJsonObject(error) && typeof error.message === 'string' ? error.message : 'stream error';
  return new GatewayError('GW_UPSTREAM_STREAM_FAILED', `The upstream ${providerId} failed mid-stream: ${message}`);
}

/** Failures after the first byte are reported with the stream-failure code whatever caused them. */
function asStreamFailure(error: GatewayError): GatewayError {
  if (error.code === 'GW_UPSTREAM_STREAM_FAILED') return error;
  return new GatewayError('GW_UPSTREAM_STREAM_FAILED', error.message, { cause: error });
}
