import { GatewayError } from '../../core/errors.js';
import { isJsonObject, safeParseJson } from '../../core/json.js';
import { createUsage } from '../../protocol/ir/index.js';
import { decodeOpenAIUsage } from '../../protocol/openai/decode-usage.js';
import type { WireFormat } from '../../providers/provider.js';
import { forwardedText, mapBodyError } from '../../providers/http/index.js';
import { estimateTokens } from '../../billing/estimate-tokens.js';
import { collectChoiceText } from './collect-choice-text.js';
import { sendJsonText } from '../openai-answer.js';
import type { RelayContext } from './relay-context.js';
import { replaceTopLevelModel } from './replace-model.js';
import { closingBrace, isSpace, STOP, walkTopLevelKeys } from './json-scan.js';

/** Largest non-streamed upstream answer accepted (embeddings of 2048 inputs fit comfortably). */
const MAX_UPSTREAM_BODY = 64 * 1024 * 1024;

/**
 * Non-streaming passthrough: forward the body, read the upstream's JSON, add `usage.cost`, name the
 * catalogue model in `model` and send it on. Unknown upstream fields are kept. Missing usage is estimated and marked as such.
 */
export async function relayPassthroughJson(ctx: RelayContext, format: WireFormat, body: string, defaults?: Readonly<Record<string, unknown>>): Promise<void> {
  const forward = ctx.provider.forward;
  if (!forward) throw new GatewayError('GW_INTERNAL', `Provider ${ctx.provider.id} cannot forward ${format}`);
  const res = await forward({ format, body, stream: false }, { requestId: ctx.record.id, signal: ctx.signal });
  const text = await forwardedText(res, MAX_UPSTREAM_BODY);
  const parsed = safeParseJson(text);
  if (!parsed.ok || !isJsonObject(parsed.value)) {
    throw new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${ctx.provider.id} answered with invalid JSON.`);
  }
  const answer = parsed.value;
  // A 200 whose body is an error envelope is that error, never an answer to bill.
  if (answer.error !== undefined && answer.error !== null && answer.choices === undefined && answer.data === undefined) throw mapBodyError(ctx.provider.id, answer);
  let usage = decodeOpenAIUsage(answer.usage);
  if (usage === null) {
    const generated: string[] = [];
    collectChoiceText(answer, generated);
    usage = createUsage(await ctx.estimatePromptTokens(), await estimateTokens(generated), { source: 'estimated' });
  }
  const cost = ctx.meter(usage);
  const missing = missingDefaults(answer, defaults);
  if (ctx.bodyExtras === null && missing === null && isJsonObject(answer.usage) && !('cost' in answer.usage)) {
    // The common case: send the upstream's own text with `"cost"` added to its usage object,
    // instead of serialising the whole parsed answer again.
    const spliced = addUsageCost(replaceTopLevelModel(text, ctx.answerModel), cost);
    if (spliced !== null) {
      ctx.record.markFirstByte();
      await sendJsonText(ctx.reply, ctx.record, ctx.headers, spliced);
      return;
    }
  }
  answer.usage = isJsonObject(answer.usage)
    ? { ...answer.usage, cost }
    : format === 'openai-embeddings'
      ? { prompt_tokens: usage.input.total, total_tokens: usage.input.total, cost }
      : { prompt_tokens: usage.input.total, completion_tokens: usage.output.total, total_tokens: usage.input.total + usage.output.total, cost };
  answer.model = ctx.answerModel;
  if (missing !== null) Object.assign(answer, missing);
  if (ctx.bodyExtras !== null) Object.assign(answer, ctx.bodyExtras);
  ctx.record.markFirstByte();
  await sendJsonText(ctx.reply, ctx.record, ctx.headers, JSON.stringify(answer));
}

/**
 * `text` (a JSON object already validated by JSON.parse) with `"cost": cost` appended to its
 * top-level `usage` object, or null when that cannot be done with certainty (no plain `"usage"` key
 * at the top level, a top-level key written with escapes, a non-object value). When the key occurs
 * twice the last one is used, as JSON.parse does.
 */
export function addUsageCost(text: string, cost: string): string | null {
  let usageStart = -1;
  const walked = walkTopLevelKeys(text, (keyStart, keyEnd, valueStart) => {
    if (text.slice(keyStart + 1, keyEnd).includes('\\')) return STOP;
    if (keyEnd - keyStart === 6 && text.startsWith('usage', keyStart + 1)) usageStart = valueStart;
    return undefined;
  });
  if (walked < 0 || usageStart < 0) return null;
  const usageEnd = closingBrace(text, usageStart);
  if (usageEnd < 0) return null;
  let k = usageEnd - 1;
  while (isSpace(text.charCodeAt(k))) k--;
  const member = `"cost":${JSON.stringify(cost)}`;
  return `${text.slice(0, usageEnd)}${k === usageStart ? '' : ','}${member}${text.slice(usageEnd)}`;
}


/**
 * The `defaults` (top-level fields the request asked for, such as `service_tier`) that the upstream's
 * answer leaves out, or null when it has them all: the answer then says what was requested.
 */
export function missingDefaults(answer: Readonly<Record<string, unknown>>, defaults: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> | null {
  if (defaults === undefined) return null;
  let missing: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(defaults)) {
    if (answer[key] === undefined || answer[key] === null) (missing ??= {})[key] = value;
  }
  return missing;
}
