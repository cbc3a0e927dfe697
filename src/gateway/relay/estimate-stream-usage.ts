import { estimateDeliveredTokens } from '../../billing/estimate-tokens.js';
import { createUsage, type IrUsage } from '../../protocol/ir/index.js';
import type { RelayContext } from './relay-context.js';

/**
 * The estimated usage of a stream whose upstream reported none: the delivered text counted as one
 * text, plus the prompt only when something was delivered. Only delivered tokens are billed, so a
 * stream that failed (or was left) before any content costs nothing.
 */
export async function estimateStreamUsage(ctx: RelayContext, generated: readonly string[]): Promise<IrUsage> {
  const delivered = generated.some((piece) => piece !== '');
  return createUsage(delivered ? await ctx.estimatePromptTokens() : 0, await estimateDeliveredTokens(generated), { source: 'estimated' });
}
