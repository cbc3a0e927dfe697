import type { IncomingHttpHeaders } from 'node:http';
import { modelStatus } from '../../catalog/catalogue-index.js';
import type { CatalogueModel } from '../../config/catalogue-types.js';
import { GatewayError } from '../../core/errors.js';

/**
 * Both SDKs call `GET {root}/v1/models` but parse different bodies (wire-formats §0.1); a caller
 * sending `anthropic-version` is an Anthropic SDK.
 */
export function isAnthropicCaller(headers: IncomingHttpHeaders): boolean {
  return typeof headers['anthropic-version'] === 'string';
}

const support = (supported: boolean) => ({ supported });

/** Our capability flags in the form of Anthropic's `ModelCapabilities` (@anthropic-ai/sdk 1.12.0). */
function anthropicCapabilities(model: CatalogueModel): Record<string, unknown> {
  const caps = model.capabilities;
  const reasoning = caps.reasoning === true;
  return {
    batch: support(false),
    citations: support(false),
    code_execution: support(false),
    context_management: { clear_thinking_20251015: null, clear_tool_uses_20250919: null, compact_20260112: null, supported: false },
    effort: { high: support(reasoning), low: support(reasoning), max: support(false), medium: support(reasoning), supported: reasoning, xhigh: null },
    image_input: support(caps.vision === true),
    pdf_input: support(false),
    server_tools: { code_execution: support(false), supported: false, web_search: support(false) },
    structured_outputs: support(caps.jsonSchema === true),
    thinking: { supported: reasoning, types: { adaptive: support(reasoning), between_tools: support(false), disabled: support(true), enabled: support(reasoning) } },
  };
}

/**
 * A model (or an alias of one, listed under the alias's name) as Anthropic's `ModelInfo`; the
 * gateway's own description (`entry`, the OpenAI-style listing's fields) travels in `tf`.
 */
export function toAnthropicModel(id: string, model: CatalogueModel, now: number, entry: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { id: _id, object: _object, created: _created, ...ours } = entry;
  return {
    type: 'model',
    id,
    display_name: typeof entry.name === 'string' && id === model.id ? entry.name : id,
    created_at: new Date(model.created * 1000).toISOString(),
    capabilities: anthropicCapabilities(model),
    lifecycle: modelStatus(model, now),
    deprecated_at: model.lifecycle ? new Date(model.lifecycle.announcedAt).toISOString() : null,
    retires_at: model.lifecycle ? new Date(model.lifecycle.sunsetAt).toISOString() : null,
    line: null,
    max_input_tokens: model.contextLength,
    max_tokens: model.kind === 'chat' || model.kind === 'completion' ? model.maxOutputTokens : null,
    tf: ours,
  };
}

/** Query of Anthropic's list call: `limit` (1-1000, default 20), `after_id`, `before_id`. */
export interface AnthropicPageQuery {
  readonly limit?: unknown;
  readonly after_id?: unknown;
  readonly before_id?: unknown;
}

/** One page of Anthropic's list (`data`, `has_more`, `first_id`, `last_id`), cursors being model ids. */
export function toAnthropicPage(entries: readonly Record<string, unknown>[], query: AnthropicPageQuery): Record<string, unknown> {
  const limit = query.limit === undefined ? 20 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new GatewayError('GW_INVALID_VALUE', "'limit' must be an integer from 1 to 1000.", { param: 'limit' });
  }
  const position = (cursor: unknown, param: string): number => {
    const at = entries.findIndex((e) => e.id === cursor);
    if (at < 0) throw new GatewayError('GW_INVALID_VALUE', `'${param}' is not the id of a listed model.`, { param });
    return at;
  };
  let start = 0;
  let end = entries.length;
  if (typeof query.after_id === 'string') start = position(query.after_id, 'after_id') + 1;
  if (typeof query.before_id === 'string') {
    end = position(query.before_id, 'before_id');
    start = Math.max(start, end - limit);
  }
  const data = entries.slice(start, Math.min(end, start + limit));
  const hasMore = typeof query.before_id === 'string' ? start > 0 : start + data.length < end;
  return { data, has_more: hasMore, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}
