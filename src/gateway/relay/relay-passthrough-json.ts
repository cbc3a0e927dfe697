import { GatewayError } from '../../core/errors.js';
import { isJsonObject, safeParseJson } from '../../core/json.js';
import { createUsage } from '../../protocol/ir/index.js';
import { decodeOpenAIUsage } from '../../protocol/openai/decode-usage.js';
import type { WireFormat } from '../../providers/provider.js';
import { readBodyText } from '../../providers/http/index.js';
import { estimateTokens } from '../../billing/estimate-tokens.js';
import { collectChoiceText } from './collect-choice-text.js';
import type { RelayContext } from './relay-context.js';

/** Largest non-streamed upstream answer accepted (embeddings of 2048 inputs fit comfortably). */
const MAX_UPSTREAM_BODY = 64 * 1024 * 1024;

/**
 * Non-streaming passthrough: forward the body, read the upstream's JSON, add `usage.cost` and send
 * it on. Unknown upstream fields are kept. Missing usage is estimated and marked as such.
 */
export async function relayPassthroughJson(ctx: RelayContext, format: WireFormat, body: string): Promise<void> {
  const forward = ctx.provider.forward;
  if (!forward) throw new GatewayError('GW_INTERNAL', `Provider ${ctx.provider.id} cannot forward ${format}`);
  const res = await forward({ format, body, stream: false }, { requestId: ctx.record.id, signal: ctx.signal });
  const text = await readBodyText(res.body, MAX_UPSTREAM_BODY);
  const parsed = safeParseJson(text);
  if (!parsed.ok || !isJsonObject(parsed.value)) {
    throw new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${ctx.provider.id} answered with invalid JSON.`);
  }
  const answer = parsed.value;
  let usage = decodeOpenAIUsage(answer.usage);
  if (usage === null) {
    const generated: string[] = [];
    collectChoiceText(answer, generated);
    usage = createUsage(ctx.estimatePromptTokens(), estimateTokens(generated), { source: 'estimated' });
  }
  const cost = ctx.meter(usage);
  answer.usage = isJsonObject(answer.usage)
    ? { ...answer.usage, cost }
    : format === 'openai-embeddings'
      ? { prompt_tokens: usage.input.total, total_tokens: usage.input.total, cost }
      : { prompt_tokens: usage.input.total, completion_tokens: usage.output.total, total_tokens: usage.input.total + usage.output.total, cost };
  ctx.record.markFirstByte();
  await ctx.reply.code(200).headers(ctx.headers).type('application/json').send(JSON.stringify(answer));
}
