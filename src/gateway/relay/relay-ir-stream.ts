import { GatewayError, isGatewayError } from '../../core/errors.js';
import type { IrStreamEvent, IrUsage } from '../../protocol/ir/index.js';
import { finishOpenAIStream, type StreamOutcome } from './finish-openai-stream.js';
import type { RelayContext } from './relay-context.js';
import { SseWriter } from './sse-response.js';

/** Turns IR events into wire chunks for one client format (chat chunks, completion chunks). */
export interface ChunkEncoding {
  /**
   * Chunks for one event (text, tool calls, finish); usage and errors are handled by the relay. Each
   * call returns new objects, which the relay may complete (`usage: null`) before encoding them.
   */
  encode(event: IrStreamEvent): Record<string, unknown>[];
  /** The closing chunk after a failure. */
  failureChunk(): Record<string, unknown> | null;
  /** The usage-only chunk. */
  usageChunk(usage: IrUsage, cost: string): Record<string, unknown>;
}

/**
 * Relay an IR event stream (sim, anthropic, or any translated upstream) as OpenAI-style SSE. The
 * stream has already been opened, so upstream failures before the first byte were thrown earlier.
 */
export async function relayIrStream(
  ctx: RelayContext,
  events: AsyncIterable<IrStreamEvent>,
  encoding: ChunkEncoding,
  includeUsage: boolean,
): Promise<void> {
  ctx.reply.hijack();
  const writer = new SseWriter(ctx.reply.raw);
  writer.start(ctx.headers);
  const generated: string[] = [];
  let reportedUsage: IrUsage | null = null;
  let failure: GatewayError | null = null;
  let extras = ctx.bodyExtras;
  try {
    for await (const event of events) {
      if (writer.isClosed) break;
      if (event.type === 'error') {
        failure = event.error;
        break;
      }
      if (event.type === 'usage') {
        reportedUsage = event.usage;
        const cost = ctx.meter(event.usage);
        // The usage chunk ends the answer: held until the entry is durable (finishOpenAIStream).
        if (includeUsage) writer.hold(`data: ${JSON.stringify(encoding.usageChunk(event.usage, cost))}\n\n`);
        continue;
      }
      if (event.type === 'text-delta' || event.type === 'reasoning-delta') generated.push(event.delta);
      if (event.type === 'tool-call-delta') generated.push(event.argumentsDelta);
      for (const encoded of encoding.encode(event)) {
        const chunk = includeUsage ? withNullUsage(encoded) : encoded;
        ctx.record.markFirstByte();
        // Waits only when the client's socket is full: an awaited call per chunk costs a promise each.
        if (!writer.send(`data: ${JSON.stringify(extras === null ? chunk : { ...chunk, ...extras })}\n\n`)) await writer.drain();
        extras = null;
      }
    }
  } catch (error) {
    if (!ctx.signal.aborted) {
      failure = isGatewayError(error) ? error : new GatewayError('GW_UPSTREAM_STREAM_FAILED', 'The upstream stream failed.', { cause: error });
    }
  }
  const outcome: StreamOutcome = {
    reportedUsage,
    failure: failure === null || failure.code === 'GW_UPSTREAM_STREAM_FAILED' ? failure : new GatewayError('GW_UPSTREAM_STREAM_FAILED', failure.message, { cause: failure }),
    generated,
    includeUsage,
    failureChunk: () => {
      const chunk = encoding.failureChunk();
      return chunk !== null && includeUsage ? withNullUsage(chunk) : chunk;
    },
    usageChunk: (usage, cost) => encoding.usageChunk(usage, cost),
  };
  await finishOpenAIStream(ctx, writer, outcome);
}

/**
 * With `stream_options.include_usage`, every chunk before the usage chunk says `"usage": null`
 * (OpenAI's contract). Set on the encoder's new object, not spread into a copy: once per token.
 */
function withNullUsage(chunk: Record<string, unknown>): Record<string, unknown> {
  if (!('usage' in chunk)) chunk.usage = null;
  return chunk;
}
