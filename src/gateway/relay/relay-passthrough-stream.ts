import type { Readable } from 'node:stream';
import { GatewayError } from '../../core/errors.js';
import { isJsonObject, safeParseJson, type JsonObject } from '../../core/json.js';
import type { IrUsage } from '../../protocol/ir/index.js';
import { decodeOpenAIUsage } from '../../protocol/openai/decode-usage.js';
import { encodeOpenAIUsage } from '../../protocol/openai/encode-usage.js';
import { readSseBatches } from '../../protocol/sse/index.js';
import { forwardedStream, mapTransportError } from '../../providers/http/index.js';
import type { WireFormat } from '../../providers/provider.js';
import { collectChoiceText } from './collect-choice-text.js';
import { finishOpenAIStream } from './finish-openai-stream.js';
import type { RelayContext } from './relay-context.js';
import { replaceTopLevelModel } from './replace-model.js';
import { missingDefaults } from './relay-passthrough-json.js';
import { SseWriter } from './sse-response.js';

/**
 * Streaming passthrough for OpenAI-style SSE (chat and legacy completions). Chunks are forwarded
 * as the upstream sent them (unknown fields kept, no re-encode) except that `model` names the
 * catalogue model; only the usage chunk is rewritten to add `cost`, or dropped when the client did
 * not ask for usage.
 */
export async function relayPassthroughStream(
  ctx: RelayContext,
  format: WireFormat,
  body: string,
  includeUsage: boolean,
  defaults?: Readonly<Record<string, unknown>>,
): Promise<void> {
  const forward = ctx.provider.forward;
  if (!forward) throw new GatewayError('GW_INTERNAL', `Provider ${ctx.provider.id} cannot forward ${format}`);
  const res = await forward({ format, body, stream: true }, { requestId: ctx.record.id, signal: ctx.signal });
  const upstream = forwardedStream(res);
  ctx.reply.hijack();
  const writer = new SseWriter(ctx.reply.raw);
  writer.start(ctx.headers);

  const generated: string[] = [];
  // Chunks forwarded unparsed, kept (up to RAW_BUDGET characters) so their text can be counted if
  // the upstream never reports usage; folded into `generated` when the budget is exceeded.
  const unparsed: string[] = [];
  let unparsedChars = 0;
  let reportedUsage: IrUsage | null = null;
  let failure: GatewayError | null = null;
  let last: JsonObject | null = null;
  let lastRaw: string | null = null;
  let extras = ctx.bodyExtras;
  let sawDone = false;
  try {
    // The events of one upstream read are handled synchronously and written as one piece; the loop
    // waits only for the next read, or for the client's socket to drain after a batch.
    batches: for await (const events of readSseBatches(upstream, { destroyOnReturn: false })) {
      for (const event of events) {
        if (writer.isClosed) break batches;
        const data = event.data;
        if (data === '[DONE]') {
          sawDone = true;
          break batches;
        }
        if (extras === null && defaults === undefined && !mayNeedParsing(data)) {
          // The common chunk: no usage, no error, not the first: forwarded as the upstream sent it.
          unparsed.push(data);
          unparsedChars += data.length;
          if (unparsedChars > RAW_BUDGET) {
            foldUnparsed(unparsed, generated);
            unparsedChars = 0;
          }
          lastRaw = data;
          ctx.record.markFirstByte();
          writer.send(`data: ${replaceTopLevelModel(data, ctx.answerModel)}\n\n`);
          continue;
        }
        const parsed = safeParseJson(data);
        if (!parsed.ok || !isJsonObject(parsed.value)) {
          failure = new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${ctx.provider.id} sent an invalid stream chunk.`);
          break batches;
        }
        const chunk = parsed.value;
        if (chunk.error !== undefined && chunk.error !== null) {
          failure = upstreamStreamError(ctx.provider.id, chunk.error);
          break batches;
        }
        collectChoiceText(chunk, generated);
        last = chunk;
        lastRaw = null;
        // What goes out: the upstream's text unless the chunk must change (usage with cost, or `tf`).
        let out: JsonObject | string = replaceTopLevelModel(data, ctx.answerModel);
        const missing = missingDefaults(chunk, defaults);
        if (missing !== null) out = { ...chunk, model: ctx.answerModel, ...missing };
        const usage = decodeOpenAIUsage(chunk.usage);
        if (usage !== null) {
          reportedUsage = usage;
          const cost = ctx.meter(usage);
          const hasChoices = Array.isArray(chunk.choices) && chunk.choices.length > 0;
          chunk.model = ctx.answerModel;
          if (missing !== null) Object.assign(chunk, missing);
          if (includeUsage) chunk.usage = { ...(chunk.usage as JsonObject), cost };
          else if (hasChoices) delete chunk.usage;
          else continue;
          out = chunk;
        } else if (extras !== null) {
          // The first chunk carries `tf` (ignored parameters); later chunks pass through untouched.
          out = { ...chunk, model: ctx.answerModel, ...missing, ...extras };
          extras = null;
        }
        ctx.record.markFirstByte();
        const text = `data: ${typeof out === 'string' ? out : JSON.stringify(out)}\n\n`;
        // The usage chunk ends the answer: held until the entry is durable (finishOpenAIStream).
        if (usage !== null) writer.hold(text);
        else writer.send(text);
      }
      if (writer.needsDrain) await writer.drain();
    }
  } catch (error) {
    if (!ctx.signal.aborted) {
      const mapped = mapTransportError(ctx.provider.id, error, ctx.signal);
      failure = mapped instanceof GatewayError ? mapped : new GatewayError('GW_UPSTREAM_STREAM_FAILED', 'The upstream stream failed.');
    }
  } finally {
    finishBody(upstream, sawDone && failure === null && !writer.isClosed);
  }
  if (reportedUsage === null) foldUnparsed(unparsed, generated);
  let meta: { id: unknown; created: unknown; model: unknown } | null = null;
  const getMeta = () => {
    if (meta !== null) return meta;
    if (lastRaw !== null) {
      const parsed = safeParseJson(lastRaw);
      if (parsed.ok && isJsonObject(parsed.value)) last = parsed.value;
    }
    meta = { id: last?.id ?? `chatcmpl-${ctx.record.id}`, created: last?.created ?? Math.floor(Date.now() / 1000), model: ctx.answerModel };
    return meta;
  };
  await finishOpenAIStream(ctx, writer, {
    reportedUsage,
    failure: failure === null ? null : asStreamFailure(failure),
    generated,
    includeUsage,
    failureChunk: () =>
      format === 'openai-chat'
        ? { ...getMeta(), object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'error' }] }
        : { ...getMeta(), object: 'text_completion', choices: [{ index: 0, text: '', logprobs: null, finish_reason: 'error' }] },
    usageChunk: (usage, cost) => ({
      ...getMeta(),
      object: format === 'openai-chat' ? 'chat.completion.chunk' : 'text_completion',
      choices: [],
      usage: encodeOpenAIUsage(usage, cost),
    }),
  });
}

/** Characters of unparsed chunks kept per stream before their text is extracted (bounds memory). */
const RAW_BUDGET = 256 * 1024;

/**
 * Whether a chunk may carry something the relay must act on: an `error`, a non-null `usage`, or
 * something that is not a JSON object at all. False only when every `"usage"` in the text is
 * `"usage": null` and no `"error"` appears, which is how OpenAI-style servers send ordinary chunks
 * (with `stream_options.include_usage`, every chunk has `"usage":null`). Inside JSON strings a quote
 * is escaped, so text such as `\"error\"` in generated content never matches; a false positive only
 * costs a parse.
 */
export function mayNeedParsing(data: string): boolean {
  if (data.charCodeAt(0) !== 0x7b /* { */ || data.charCodeAt(data.length - 1) !== 0x7d /* } */) return true;
  // One regular-expression scan for both keys: ≈6× faster here than includes() plus indexOf() on
  // the sliced strings the SSE parser hands out.
  WATCHED_KEYS.lastIndex = 0;
  for (let match = WATCHED_KEYS.exec(data); match !== null; match = WATCHED_KEYS.exec(data)) {
    if (data.charCodeAt(match.index + 1) === 0x65 /* e of "error" */) return true;
    let i = match.index + 7;
    while (isJsonSpace(data.charCodeAt(i))) i++;
    if (data.charCodeAt(i) !== 0x3a /* : */) return true;
    i++;
    while (isJsonSpace(data.charCodeAt(i))) i++;
    if (!data.startsWith('null', i)) return true;
    WATCHED_KEYS.lastIndex = i + 4;
  }
  return false;
}

/** `"error"` or `"usage"` as a JSON key or string (global: {@link mayNeedParsing} resumes after a `null`). */
const WATCHED_KEYS = /"(?:error|usage)"/g;

function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Parse chunks that were forwarded raw and collect their generated text. */
function foldUnparsed(unparsed: string[], generated: string[]): void {
  for (const data of unparsed) {
    const parsed = safeParseJson(data);
    if (parsed.ok) collectChoiceText(parsed.value, generated);
  }
  unparsed.length = 0;
}

/**
 * Finish the upstream body. After `[DONE]` the rest (normally just the end of the response) is
 * drained, so the keep-alive connection is reused and no abort error is built; otherwise (client
 * gone, failure, early stop) it is destroyed, which cancels the upstream request.
 */
function finishBody(body: Readable, drain: boolean): void {
  if (body.destroyed) return;
  // Nobody listens to the body any more; a late error (or the abort error of destroy) must not be uncaught.
  body.on('error', ignore);
  if (drain) body.resume();
  else body.destroy();
}

function ignore(): void {}

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
