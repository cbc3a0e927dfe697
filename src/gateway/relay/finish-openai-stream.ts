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
 * failure, the usage chunk when asked for, then `[DONE]`. Error text is never billed.
 */
export async function finishOpenAIStream(ctx: RelayContext, writer: SseWriter, outcome: StreamOutcome): Promise<void> {
  const clientGone = writer.isClosed;
  if (outcome.reportedUsage === null) {
    const usage = await estimateStreamUsage(ctx, outcome.generated);
    const cost = ctx.meter(usage);
    if (outcome.includeUsage && outcome.failure === null && !clientGone) {
      await writer.write(`data: ${JSON.stringify(outcome.usageChunk(usage, cost))}\n\n`);
    }
  }
  if (clientGone) {
    ctx.record.finish(499, 'client_closed_request');
    return;
  }
  if (outcome.failure !== null) {
    await writer.write(`data: ${JSON.stringify(encodeOpenAIError(outcome.failure))}\n\n`);
    const closing = outcome.failureChunk();
    if (closing !== null) await writer.write(`data: ${JSON.stringify(closing)}\n\n`);
  }
  await writer.write('data: [DONE]\n\n');
  writer.end();
  if (outcome.failure !== null) ctx.record.finish(outcome.failure.status, outcome.failure);
  else ctx.record.finish(200);
}
