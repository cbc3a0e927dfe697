import type { ModelModifiers } from '../../catalog/parse-model-name.js';
import type { CatalogueModel } from '../../config/catalogue-types.js';
import { isJsonObject } from '../../core/json.js';
import { EFFORT_BUDGETS, effortForBudget, type IrReasoningEffort } from '../../protocol/ir/index.js';
import type { ProviderType } from '../../providers/provider.js';
import { PARAM_DIALECTS, type ParamDialect, type ParamFormat } from './param-dialects.js';

/** A request body after shaping, and what the client must be told about it. */
export interface ShapedParams {
  /** The body to send on (a copy; the client's object is untouched). */
  readonly body: Record<string, unknown>;
  /** Parameters dropped: not recognised for the endpoint, or reasoning controls the model lacks. */
  readonly ignored: readonly string[];
  /** `x-tf-default-max-output-tokens` / `x-tf-max-output-tokens` when the limit was set or lowered. */
  readonly headers: Readonly<Record<string, string>>;
  /** The effective output limit, or null for endpoints without one (embeddings, rerank). */
  readonly maxOutputTokens: number | null;
}

/**
 * The one parameter pipeline for every endpoint: apply model-name modifiers (they win over the body),
 * drop unrecognised fields (and, unless the body is passed through, requests the translation cannot
 * honour), drop reasoning controls on models without adjustable reasoning (reported,
 * never refused), refuse capabilities the model lacks, and set or lower the output limit.
 */
export function shapeParams(
  format: ParamFormat,
  input: Readonly<Record<string, unknown>>,
  model: CatalogueModel,
  modifiers: ModelModifiers,
  upstream: ProviderType,
  passthrough = false,
): ShapedParams {
  const dialect = PARAM_DIALECTS[format];
  const body: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (dialect.recognised.has(key)) body[key] = value;
    else ignored.push(key);
  }
  if (!passthrough) dropUntranslated(dialect, body, ignored);
  applySampling(dialect, body, modifiers, ignored);
  if (model.capabilities.reasoning) applyReasoning(format, body, modifiers, upstream);
  else dropReasoning(dialect, body, modifiers, ignored);
  dialect.checkCapabilities(body, model.capabilities);
  const { maxOutputTokens, headers } = applyOutputLimit(dialect, body, model);
  return { body, ignored, headers, maxOutputTokens };
}

/** Requests for what the IR cannot carry, when the body is translated: dropped and reported. Off values (`false`, `null`, 0, empty) ask for nothing. */
function dropUntranslated(dialect: ParamDialect, body: Record<string, unknown>, ignored: string[]): void {
  for (const field of dialect.untranslated) {
    const value = body[field];
    if (value === undefined) continue;
    delete body[field];
    const off = value === null || value === false || value === 0 || (Array.isArray(value) && value.length === 0) || (isJsonObject(value) && Object.keys(value).length === 0);
    if (!off) ignored.push(field);
  }
}

function applySampling(dialect: ParamDialect, body: Record<string, unknown>, modifiers: ModelModifiers, ignored: string[]): void {
  if (modifiers.temperature !== undefined) {
    if (dialect.temperature === null) ignored.push('temperature');
    else body[dialect.temperature] = modifiers.temperature;
  }
  if (modifiers.topP !== undefined) {
    if (dialect.topP === null) ignored.push('top_p');
    else body[dialect.topP] = modifiers.topP;
  }
}

function dropReasoning(dialect: ParamDialect, body: Record<string, unknown>, modifiers: ModelModifiers, ignored: string[]): void {
  for (const field of dialect.reasoningFields) {
    if (body[field] !== undefined) {
      delete body[field];
      ignored.push(field);
    }
  }
  if (modifiers.effort !== undefined) ignored.push('@effort');
  if (modifiers.thinking !== undefined) ignored.push('@thinking');
}

/** The requested reasoning as (effort, budget): modifiers first, then the body's own fields. */
function requestedReasoning(body: Record<string, unknown>, modifiers: ModelModifiers): { effort?: IrReasoningEffort; budget?: number } | 'off' | null {
  if (modifiers.thinking === 'off' || modifiers.effort === 'none') return 'off';
  if (modifiers.thinking !== undefined) return { budget: modifiers.thinking };
  if (modifiers.effort !== undefined) return { effort: modifiers.effort };
  const thinking = body.thinking;
  if (isJsonObject(thinking)) {
    if (thinking.type === 'disabled') return 'off';
    if (typeof thinking.budget_tokens === 'number') return { budget: thinking.budget_tokens };
  }
  return null;
}

/**
 * Write reasoning in the dialect the upstream reads: OpenAI-style servers take `reasoning_effort`
 * (a budget maps to low/medium/high by its size), Anthropic-style ones a `thinking` budget (an effort
 * maps to EFFORT_BUDGETS). Translated upstreams read the IR, which keeps both.
 */
function applyReasoning(format: ParamFormat, body: Record<string, unknown>, modifiers: ModelModifiers, upstream: ProviderType): void {
  const wanted = requestedReasoning(body, modifiers);
  if (wanted === null) return;
  const effort: IrReasoningEffort = wanted === 'off' ? 'none' : (wanted.effort ?? effortForBudget(wanted.budget!));
  const budget = wanted === 'off' ? 0 : (wanted.budget ?? (effort === 'none' ? 0 : EFFORT_BUDGETS[effort]));
  switch (format) {
    case 'openai-chat':
      body.reasoning_effort = effort;
      if (upstream === 'openai' || budget === 0) delete body.thinking;
      else body.thinking = { type: 'enabled', budget_tokens: budget };
      return;
    case 'openai-responses':
      body.reasoning = { ...(isJsonObject(body.reasoning) ? body.reasoning : {}), effort };
      return;
    case 'anthropic-messages':
      body.thinking = budget === 0 ? { type: 'disabled' } : { type: 'enabled', budget_tokens: budget };
      return;
    default:
      return;
  }
}

function applyOutputLimit(dialect: ParamDialect, body: Record<string, unknown>, model: CatalogueModel): { maxOutputTokens: number | null; headers: Record<string, string> } {
  if (dialect.maxTokens.length === 0) return { maxOutputTokens: null, headers: {} };
  const headers: Record<string, string> = {};
  const present = dialect.maxTokens.filter((f) => typeof body[f] === 'number');
  if (present.length === 0) {
    // Reasoning models get the modern field (o-series refuse max_tokens); others the one every server knows.
    const field = model.capabilities.reasoning ? dialect.maxTokens[0]! : dialect.maxTokens.at(-1)!;
    body[field] = model.defaultMaxOutputTokens;
    headers['x-tf-default-max-output-tokens'] = String(model.defaultMaxOutputTokens);
    return { maxOutputTokens: model.defaultMaxOutputTokens, headers };
  }
  let effective = 0;
  for (const field of present) {
    const value = body[field] as number;
    if (value > model.maxOutputTokens) {
      body[field] = model.maxOutputTokens;
      headers['x-tf-max-output-tokens'] = String(model.maxOutputTokens);
    }
    effective = Math.max(effective, body[field] as number);
  }
  return { maxOutputTokens: effective, headers };
}
