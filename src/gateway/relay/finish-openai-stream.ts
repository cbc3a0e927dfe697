import type { GatewayError } from '../../core/errors.js';
import type { IrUsage } from '../../protocol/ir/index.js';
import { encodeOpenAIError } from '../../protocol/openai/error-envelope.js';
import { estimateStreamUsage } from './estimate-stream-usage.js';
import type { RelayContext } from './relay-context.js';
import type { SseWriter } from './sse-response.js';

/** How a relayed OpenAI-style stream ended. */
export interface StreamOutcome {
  /** Usage the upstream reported (already metered and sent if the client asked), or null. */
  readonly reportedUsage: IrUsage | null;
  /** The upstream failure after the first byte, or null. */
  readonly failure: GatewayError | null;
  /** Text delivered to the client, for estimating output tokens when no usage was reported. */
  readonly generated: readonly string[];
  /** Builds the closing chunk of a failed stream (chat: `finish_reason: "error"`). */
  readonly failureChunk: () => Record<string, unknown> | null;
  /** Builds the usage-only chunk for a client that asked for usage and got none from upstream. */
  readonly usageChunk: (usage: IrUsage, cost: string) => Record<string, unknown>;
  readonly includeUsage: boolean;
}

/**
 * Close an OpenAI-style stream the same way whatever the upstream: bill what was delivered
 * (estimated when the upstream reported nothing; nothing delivered, nothing billed), send the error frame and a closing chunk on
 * failure, the usage chunk when asked for, then `[DONE]`. Error text is never billed. The end (and
 * a usage chunk the relay held back) goes out after the request's entry is durable; a client that
 * left is recorded without that wait.
 */
export async function finishOpenAIStream(ctx: RelayContext, writer: SseWriter, outcome: StreamOutcome): Promise<void> {
  const clientGone = writer.isClosed;
  if (outcome.reportedUsage === null) {
    const usage = await estimateStreamUsage(ctx, outcome.generated);
    const cost = ctx.meter(usage);
    if (outcome.includeUsage && outcome.failure === null && !clientGone) {
      writer.hold(`data: ${JSON.stringify(outcome.usageChunk(usage, cost))}\n\n`);
    }
  }
  if (clientGone) {
    ctx.record.finish(499, 'client_closed_request');
    return;
  }
  // Events of the last upstream read still queued (a translated stream) leave with the end: one write.
  writer.holdQueued();
  if (outcome.failure !== null) {
    writer.hold(`data: ${JSON.stringify(encodeOpenAIError(outcome.failure))}\n\n`);
    const closing = outcome.failureChunk();
    if (closing !== null) writer.hold(`data: ${JSON.stringify(closing)}\n\n`);
  }
  writer.hold('data: [DONE]\n\n');
  // The usage chunk (held by the relay or above) and the end leave once the entry is durable.
  if (outcome.failure !== null) await ctx.record.finishDurably(outcome.failure.status, outcome.failure);
  else await ctx.record.finishDurably(200);
  writer.end();
}
