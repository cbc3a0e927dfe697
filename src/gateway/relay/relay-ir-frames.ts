import { GatewayError, isGatewayError } from '../../core/errors.js';
import type { IrStreamEvent, IrUsage } from '../../protocol/ir/index.js';
import { estimateStreamUsage } from './estimate-stream-usage.js';
import type { RelayContext } from './relay-context.js';
import { SseWriter } from './sse-response.js';

/** Turns IR events into framed SSE text for one client format (Messages, Responses). */
export interface FrameEncoder {
  /** Frames for a content event (`usage` and `error` events are handled by the relay). */
  encode(event: IrStreamEvent): string[];
  /** Closing frames of a successful stream, with the metered usage and its cost. */
  end(usage: IrUsage, cost: string): string[];
  /** Frames reporting a failure after the stream started. */
  fail(error: GatewayError): string[];
}

/** How a frame relay ended. */
export interface FrameRelayResult {
  /** True when the stream completed normally and the client got the closing frames. */
  readonly completed: boolean;
}

/**
 * Relay an IR event stream as named-event SSE (Messages, Responses). Usage is metered once at the
 * end (estimated from the delivered text when the upstream reported none, also on failure), then
 * the closing frames carry it with its cost; `beforeEnd` runs just before they are sent. Writes the
 * request-log outcome itself, durably before the closing (or failure) frames.
 */
export async function relayIrFrames(
  ctx: RelayContext,
  events: AsyncIterable<IrStreamEvent>,
  encoder: FrameEncoder,
  headers: Record<string, string>,
  beforeEnd?: () => Promise<void>,
): Promise<FrameRelayResult> {
  ctx.reply.hijack();
  const writer = new SseWriter(ctx.reply.raw);
  writer.start(headers);
  const generated: string[] = [];
  let reported: IrUsage | null = null;
  let failure: GatewayError | null = null;
  // Waits only when the client's socket is full: an awaited call per frame costs a promise each.
  const write = async (frames: readonly string[]): Promise<void> => {
    for (const frame of frames) if (!writer.send(frame)) await writer.drain();
  };
  try {
    for await (const event of events) {
      if (writer.isClosed) break;
      if (event.type === 'error') {
        failure = event.error;
        break;
      }
      if (event.type === 'usage') {
        reported = event.usage;
        continue;
      }
      if (event.type === 'text-delta' || event.type === 'reasoning-delta') generated.push(event.delta);
      if (event.type === 'tool-call-delta') generated.push(event.argumentsDelta);
      const frames = encoder.encode(event);
      if (frames.length > 0) ctx.record.markFirstByte();
      await write(frames);
    }
  } catch (error) {
    if (!ctx.signal.aborted) failure = isGatewayError(error) ? error : new GatewayError('GW_UPSTREAM_STREAM_FAILED', 'The upstream stream failed.', { cause: error });
  }
  const usage = reported ?? (await estimateStreamUsage(ctx, generated));
  const cost = ctx.meter(usage);
  if (writer.isClosed) {
    ctx.record.finish(499, 'client_closed_request');
    return { completed: false };
  }
  if (failure !== null) {
    const streamFailure = failure.code === 'GW_UPSTREAM_STREAM_FAILED' ? failure : new GatewayError('GW_UPSTREAM_STREAM_FAILED', failure.message, { cause: failure });
    await ctx.record.finishDurably(streamFailure.status, streamFailure);
    await write(encoder.fail(streamFailure));
    writer.end();
    return { completed: false };
  }
  ctx.record.markFirstByte();
  const closing = encoder.end(usage, cost);
  // Runs before the closing frames go out, so a client acting on them finds what the hook saved.
  if (beforeEnd) await beforeEnd();
  // So do the request's entry and usage event (the durable-finish step): a crash after the client
  // has `message_stop` / `response.completed` cannot lose the bill.
  await ctx.record.finishDurably(200);
  await write(closing);
  writer.end();
  return { completed: true };
}
