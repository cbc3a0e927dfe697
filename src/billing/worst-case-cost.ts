import type { CatalogueModel, ModelPricing } from '../config/catalogue-types.js';
import { costOf } from '../core/money.js';

/** Request fields that cap generated tokens, in the order OpenAI gives them precedence. */
const MAX_OUTPUT_FIELDS = ['max_completion_tokens', 'max_tokens', 'max_output_tokens'] as const;

/**
 * The most output tokens a request may generate: what it asks for (capped at the model's
 * ceiling), else the model's default. The one place admission reads it, so the parameter shaping
 * of the model layer can replace it with the shaped value.
 */
export function effectiveMaxOutputTokens(body: unknown, model: CatalogueModel): number {
  if (model.kind === 'embedding' || model.kind === 'rerank') return 0;
  let requested: number | null = null;
  if (typeof body === 'object' && body !== null) {
    const fields = body as Record<string, unknown>;
    for (const name of MAX_OUTPUT_FIELDS) {
      const value = fields[name];
      if (typeof value === 'number' && Number.isInteger(value) && value > 0) {
        requested = value;
        break;
      }
    }
  }
  const wanted = requested ?? model.defaultMaxOutputTokens;
  return model.maxOutputTokens > 0 ? Math.min(wanted, model.maxOutputTokens) : wanted;
}

/**
 * The most a request can cost: every prompt token at the dearest input class and every output
 * token at the dearest output class. Admission holds this amount until the request ends.
 */
export function worstCaseCost(promptTokens: number, maxOutputTokens: number, pricing: ModelPricing): bigint {
  const input = [pricing.input, pricing.cacheWrite ?? 0n].reduce((a, b) => (b > a ? b : a));
  const output = [pricing.output, pricing.reasoning ?? 0n].reduce((a, b) => (b > a ? b : a));
  return costOf([
    { units: promptTokens, nanoPerMillion: input },
    { units: maxOutputTokens, nanoPerMillion: output },
  ]);
}
