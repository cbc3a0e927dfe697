import { GatewayError } from '../../core/errors.js';
import { isJsonObject, safeParseJson, type JsonObject } from '../../core/json.js';
import type { IrUsage } from '../../protocol/ir/index.js';
import { decodeOpenAIUsage } from '../../protocol/openai/decode-usage.js';
import { encodeOpenAIUsage } from '../../protocol/openai/encode-usage.js';
import { SseFrameReader, type SseEvent, type SseFrameVisitor } from '../../protocol/sse/index.js';
import { forwardedStream, mapTransportError } from '../../providers/http/index.js';
import type { WireFormat } from '../../providers/provider.js';
import type { UpstreamBody } from '../../providers/upstream-body.js';
import { collectChoiceText } from './collect-choice-text.js';
import { byteStringEnd, bytesMayNeedParsing, collectGeneratedText, topLevelModelValue, type WatchedKeys } from './json-bytes-scan.js';
import { finishOpenAIStream } from './finish-openai-stream.js';
import type { RelayContext } from './relay-context.js';
import { replaceTopLevelModel } from './replace-model.js';
import { missingDefaults } from './relay-passthrough-json.js';
import { SseWriter } from './sse-response.js';
import { usageChunkLayout, withUsageCost } from './usage-chunk-layout.js';

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

  const relay = new PassthroughStreamRelay(ctx, writer, includeUsage, defaults);
  await relay.run(upstream);
  const { generated, reportedUsage, failure } = relay;
  let { last } = relay;
  const lastRaw = relay.lastRaw;
  let meta: { id: unknown; created: unknown; model: unknown } | null = null;
  const getMeta = () => {
    if (meta !== null) return meta;
    if (lastRaw !== null) {
      const parsed = safeParseJson(typeof lastRaw === 'string' ? lastRaw : lastRaw.toString('utf8'));
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


/**
 * The event loop of {@link relayPassthroughStream}: the upstream body's reads are framed on bytes
 * ({@link SseFrameReader}) and the events of one read are written to the client as one piece. An
 * ordinary chunk (no usage, no error) is forwarded as the bytes the upstream sent, with only its
 * top-level `model` value swapped; the others are decoded and handled as JSON.
 */
class PassthroughStreamRelay implements SseFrameVisitor {
  /**
   * The generated text of every chunk (content, tool-call arguments, legacy `text`), for the token
   * estimate if the upstream never reports usage. Chunks forwarded unparsed have it taken from
   * their bytes as they pass ({@link collectGeneratedText}): a few bytes kept per event, not the read.
   */
  readonly generated: string[] = [];
  reportedUsage: IrUsage | null = null;
  failure: GatewayError | null = null;
  last: JsonObject | null = null;
  /**
   * The last chunk forwarded unparsed, for the id and created of a closing chunk the relay may have
   * to write. A view of its read, not a copy: `watched` holds the last read anyway, so it keeps
   * nothing more alive, and a copy would cost an allocation per event.
   */
  lastRaw: string | Buffer | null = null;
  sawDone = false;
  private extras: Readonly<Record<string, unknown>> | null;
  /** Set at `[DONE]` or a failure: the rest of the body is not relayed. */
  private stopped = false;
  private readonly reader = new SseFrameReader();
  private readonly out = new ByteParts();
  private readonly watched: WatchedKeys = { bytes: null, error: -1, usage: -1 };
  private readonly modelJson: Buffer;
  /** The usage chunk of this read, kept out of `out` so the read's other events may leave without it. */
  private tail = '';

  constructor(
    private readonly ctx: RelayContext,
    private readonly writer: SseWriter,
    private readonly includeUsage: boolean,
    private readonly defaults: Readonly<Record<string, unknown>> | undefined,
  ) {
    this.extras = ctx.bodyExtras;
    this.modelJson = modelJsonBytes(ctx.answerModel);
  }

  /** Relay the body until `[DONE]`, its end, a failure or the client leaving; then finish the body. */
  async run(upstream: UpstreamBody): Promise<void> {
    try {
      await new Promise<void>((resolve, reject) => {
        let settled = false;
        const settle = (error: Error | null) => {
          if (settled) return;
          settled = true;
          if (error === null) resolve();
          else reject(error);
        };
        upstream.read({
          data: (chunk) => {
            if (settled) return;
            if (this.writer.isClosed) return settle(null);
            this.reader.feed(chunk, this);
            if (this.stopped || this.writer.isClosed) {
              // The read that ends the stream leaves with the end, in one write (SseWriter.holdBytes).
              this.holdRead();
              return settle(null);
            }
            // Out now rather than at the end of the tick: nothing else can join this read's events.
            this.writeNow();
            if (this.writer.needsDrain) {
              // Backpressure: the upstream is read again once the client's socket has room.
              upstream.pause();
              void this.writer.drain().then(() => {
                if (!settled) upstream.resume();
              });
            }
          },
          end: () => {
            this.reader.end();
            settle(null);
          },
          error: settle,
        });
      });
    } catch (error) {
      if (!this.ctx.signal.aborted) {
        const mapped = mapTransportError(this.ctx.provider.id, error, this.ctx.signal);
        this.failure = mapped instanceof GatewayError ? mapped : new GatewayError('GW_UPSTREAM_STREAM_FAILED', 'The upstream stream failed.');
      }
    } finally {
      // After `[DONE]` the rest (normally just the end of the response) is read and dropped, so the
      // keep-alive connection is reused; otherwise (client gone, failure, early stop) the call is
      // cancelled, which stops the upstream's generation.
      if (this.sawDone && this.failure === null && !this.writer.isClosed) upstream.discard();
      else upstream.destroy();
    }
  }

  /** One `data:` line event, as bytes of the upstream's read. */
  data(bytes: Buffer, start: number, end: number, blockStart: number, blockEnd: number, plain: boolean): void {
    if (this.stopped) return;
    if (end - start === 6 && bytes[start] === 0x5b /* [ */ && bytes.toString('latin1', start, end) === '[DONE]') {
      this.sawDone = true;
      this.stopped = true;
      return;
    }
    if (this.tail !== '') this.releaseTail();
    if (this.extras !== null || this.defaults !== undefined || bytesMayNeedParsing(bytes, start, end, this.watched)) {
      this.handle(bytes.toString('utf8', start, end));
      return;
    }
    // The common chunk: no usage, no error, not the first: forwarded as the upstream sent it.
    collectGeneratedText(bytes, start, end, this.generated);
    this.lastRaw = bytes.subarray(start, end);
    const out = this.out;
    const valueStart = topLevelModelValue(bytes, start, end);
    const valueEnd = valueStart < 0 ? -1 : byteStringEnd(bytes, valueStart, end);
    if (plain) {
      if (valueEnd < 0) return out.slice(bytes, blockStart, blockEnd);
      out.slice(bytes, blockStart, valueStart);
      out.bytes(this.modelJson);
      return out.slice(bytes, valueEnd + 1, blockEnd);
    }
    out.bytes(DATA_PREFIX);
    if (valueEnd < 0) out.slice(bytes, start, end);
    else {
      out.slice(bytes, start, valueStart);
      out.bytes(this.modelJson);
      out.slice(bytes, valueEnd + 1, end);
    }
    out.bytes(EVENT_END);
  }

  /** Any other event (several data lines, named events): its data as text. */
  event(event: SseEvent): void {
    if (this.stopped) return;
    if (event.data === '[DONE]') {
      this.sawDone = true;
      this.stopped = true;
      return;
    }
    if (this.tail !== '') this.releaseTail();
    this.handle(event.data);
  }

  /**
   * Hold what the read that ends the stream produced, its usage chunk last, until the writer's end.
   * The request log's time to first byte is noted here, when the bytes are ready: for a stream whose
   * first read also ends it, that is before the durable finish that lets them go.
   */
  private holdRead(): void {
    const bytes = this.out.take();
    if (bytes !== null) {
      this.ctx.record.markFirstByte();
      this.writer.holdBytes(bytes);
    }
    this.holdTail();
  }

  /** Write what this read produced (with anything held before it) to the socket now; hold its usage chunk. */
  private writeNow(): void {
    const bytes = this.out.take();
    if (bytes === null) this.writer.flush();
    else {
      this.ctx.record.markFirstByte();
      this.writer.writeBytes(bytes);
    }
    this.holdTail();
  }

  /** The usage chunk ends the answer: held until the entry is durable (finishOpenAIStream). */
  private holdTail(): void {
    if (this.tail === '') return;
    this.ctx.record.markFirstByte();
    this.writer.hold(this.tail);
    this.tail = '';
  }

  /** An event after the usage chunk in the same read (unusual): the usage chunk goes out before it. */
  private releaseTail(): void {
    this.out.text(this.tail);
    this.tail = '';
  }

  /** An event's data as text: forwarded as it is when it cannot matter, otherwise parsed. */
  private handle(data: string): void {
    const { ctx, defaults } = this;
    if (this.extras === null && defaults === undefined && !mayNeedParsing(data)) {
      // Rare (an event with several data lines or named fields): scanned as bytes like the others.
      const bytes = Buffer.from(data);
      collectGeneratedText(bytes, 0, bytes.length, this.generated);
      this.lastRaw = data;
      this.out.text(`data: ${replaceTopLevelModel(data, ctx.answerModel)}\n\n`);
      return;
    }
    if (this.extras === null && defaults === undefined && this.usageChunk(data)) return;
    const parsed = safeParseJson(data);
    if (!parsed.ok || !isJsonObject(parsed.value)) {
      this.failure = new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${ctx.provider.id} sent an invalid stream chunk.`);
      this.stopped = true;
      return;
    }
    const chunk = parsed.value;
    if (chunk.error !== undefined && chunk.error !== null) {
      this.failure = upstreamStreamError(ctx.provider.id, chunk.error);
      this.stopped = true;
      return;
    }
    collectChoiceText(chunk, this.generated);
    this.last = chunk;
    this.lastRaw = null;
    // What goes out: the upstream's text unless the chunk must change (usage with cost, or `tf`).
    let out: JsonObject | string = replaceTopLevelModel(data, ctx.answerModel);
    const missing = missingDefaults(chunk, defaults);
    if (missing !== null) out = { ...chunk, model: ctx.answerModel, ...missing };
    const usage = decodeOpenAIUsage(chunk.usage);
    if (usage !== null) {
      this.reportedUsage = usage;
      const cost = ctx.meter(usage);
      const hasChoices = Array.isArray(chunk.choices) && chunk.choices.length > 0;
      chunk.model = ctx.answerModel;
      if (missing !== null) Object.assign(chunk, missing);
      if (this.includeUsage) chunk.usage = { ...(chunk.usage as JsonObject), cost };
      else if (hasChoices) delete chunk.usage;
      else return;
      out = chunk;
    } else if (this.extras !== null) {
      // The first chunk carries `tf` (ignored parameters); later chunks pass through untouched.
      out = { ...chunk, model: ctx.answerModel, ...missing, ...this.extras };
      this.extras = null;
    }
    const text = `data: ${typeof out === 'string' ? out : JSON.stringify(out)}\n\n`;
    if (usage === null) return this.out.text(text);
    // The usage chunk: after what this read produced before it (see holdTail).
    this.tail = text;
  }

  /**
   * The usage chunk the common way (see {@link usageChunkLayout}): only its usage object is parsed
   * and `cost` is spliced into the upstream's text, which otherwise goes out as sent, as every other
   * chunk does. False, with nothing done, when the chunk must take the parsing path of {@link handle}.
   */
  private usageChunk(data: string): boolean {
    const layout = usageChunkLayout(data);
    if (layout === null || (!this.includeUsage && layout.hasChoices)) return false;
    const parsed = safeParseJson(data.slice(layout.usageStart, layout.usageEnd + 1));
    const usage = parsed.ok ? decodeOpenAIUsage(parsed.value) : null;
    if (usage === null) return false;
    this.reportedUsage = usage;
    // A closing chunk, if one is still needed, takes its id and created from this one.
    this.lastRaw = data;
    const cost = this.ctx.meter(usage);
    // A usage-only chunk the client did not ask for is dropped.
    if (!this.includeUsage) return true;
    // Held until the entry is durable, after what this read produced before it (as in handle).
    this.tail = `data: ${replaceTopLevelModel(withUsageCost(data, layout, cost), this.ctx.answerModel)}\n\n`;
    return true;
  }
}

const DATA_PREFIX = Buffer.from('data: ');
const EVENT_END = Buffer.from('\n\n');

/** `JSON.stringify(model)` as bytes; the catalogue has few models, so they are kept. */
const modelJsonCache = new Map<string, Buffer>();
function modelJsonBytes(model: string): Buffer {
  let bytes = modelJsonCache.get(model);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(model));
    if (modelJsonCache.size < 1024) modelJsonCache.set(model, bytes);
  }
  return bytes;
}

/**
 * The output of one read as pieces of Buffers; neighbouring ranges of the same upstream Buffer are
 * merged, so a read of 20 forwarded events becomes about 41 pieces and one copy.
 */
class ByteParts {
  private readonly parts: Buffer[] = [];
  private run: Buffer | null = null;
  private runStart = 0;
  private runEnd = 0;

  slice(bytes: Buffer, start: number, end: number): void {
    if (bytes === this.run && start === this.runEnd) {
      this.runEnd = end;
      return;
    }
    this.closeRun();
    this.run = bytes;
    this.runStart = start;
    this.runEnd = end;
  }

  bytes(bytes: Buffer): void {
    this.closeRun();
    this.parts.push(bytes);
  }

  text(text: string): void {
    this.bytes(Buffer.from(text));
  }

  /** Everything added since the last call, as one Buffer, or null. */
  take(): Buffer | null {
    this.closeRun();
    const { parts } = this;
    if (parts.length === 0) return null;
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    parts.length = 0;
    return bytes;
  }

  private closeRun(): void {
    if (this.run === null) return;
    if (this.runEnd > this.runStart) this.parts.push(this.run.subarray(this.runStart, this.runEnd));
    this.run = null;
  }
}

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
