import type { IncomingHttpHeaders } from 'node:http';

/**
 * Both SDKs call `GET {root}/v1/models` but parse different bodies (wire-formats §0.1); a caller
 * sending `anthropic-version` is an Anthropic SDK.
 */
export function isAnthropicCaller(headers: IncomingHttpHeaders): boolean {
  return typeof headers['anthropic-version'] === 'string';
}

/** Add the Anthropic model fields (`type`, `display_name`, `created_at`) to an OpenAI-style entry; OpenAI's stay. */
export function toAnthropicModel(entry: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const created = typeof entry.created === 'number' ? entry.created : 0;
  const name = typeof entry.name === 'string' ? entry.name : String(entry.id);
  return { type: 'model', ...entry, display_name: name, created_at: new Date(created * 1000).toISOString() };
}

/** The Anthropic list page (`data`, `has_more`, `first_id`, `last_id`); everything fits one page. */
export function toAnthropicList(entries: readonly Readonly<Record<string, unknown>>[]): Record<string, unknown> {
  const data = entries.map(toAnthropicModel);
  return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}
