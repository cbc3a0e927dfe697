import type { CatalogueModel } from '../../config/catalogue-types.js';
import { isJsonObject, safeParseJson } from '../../core/json.js';
import type { ReshapedRequest } from './upstream-attempt.js';

/**
 * A forwarded body (built by the route from the first model's shaped body) for a fallback model:
 * every field whose shaping differs between the two models (output limit and its default, reasoning
 * controls) takes the fallback's value or goes; fields the route set itself (`stream_options`) and
 * unknown fields stay; `model` becomes the deployment's upstream name.
 */
export function reshapeForwardBody(json: string, shaped: ReshapedRequest | null, upstreamModel: string): string {
  const parsed = safeParseJson(json);
  if (!parsed.ok || !isJsonObject(parsed.value)) return json;
  const out = parsed.value;
  if (shaped !== null) {
    for (const key of new Set([...Object.keys(shaped.first), ...Object.keys(shaped.body)])) {
      if (key === 'model') continue;
      const before = shaped.first[key];
      const after = shaped.body[key];
      if (before === after || JSON.stringify(before) === JSON.stringify(after)) continue;
      if (after === undefined) delete out[key];
      else out[key] = after;
    }
  }
  out.model = upstreamModel;
  return JSON.stringify(out);
}

/**
 * An IR request (decoded from the first model's shaped body) for a fallback `model`: its upstream
 * name, the fallback's output limit, and no reasoning controls when the fallback has none.
 */
export function reshapeIrRequest<T extends { readonly model: string }>(request: T, upstreamModel: string, shaped: ReshapedRequest | null, model: CatalogueModel): T {
  const out: Record<string, unknown> = { ...request, model: upstreamModel };
  if (shaped !== null && shaped.maxOutputTokens !== null && 'maxOutputTokens' in request) out.maxOutputTokens = shaped.maxOutputTokens;
  if (!model.capabilities.reasoning) delete out.reasoning;
  return out as T;
}
