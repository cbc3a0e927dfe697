import type { z } from 'zod';
import { modelStatus } from '../../catalog/catalogue-index.js';
import type { CatalogueModel } from '../../config/catalogue-types.js';
import type { ModelHealth } from '../internal/console-context.js';
import { isoTime } from '../internal/wire.js';
import type { modelPricingDto, orgModelDto } from './schema.js';

// Catalogue pricing fields (camelCase in the YAML) and their wire names.
const PRICE_FIELDS = [['input', 'input'], ['output', 'output'], ['cachedInput', 'cached_input'], ['cacheWrite', 'cache_write'], ['reasoning', 'reasoning'], ['searchUnit', 'search_unit']] as const;

/** A catalogue model as an organization sees it; `allowed` comes from the organization's setting, `health` from the gateway's circuits. */
export function presentOrgModel(model: CatalogueModel, allowed: boolean, now: number, health: ModelHealth): z.infer<typeof orgModelDto> {
  const pricing: z.infer<typeof modelPricingDto> = {};
  // The catalogue's own decimal strings: what it states is what is billed, nothing recomputed here.
  for (const [field, wire] of PRICE_FIELDS) {
    const text = model.pricing.display[field];
    if (text !== undefined) pricing[wire] = text;
  }
  const { capabilities: c, lifecycle } = model;
  return {
    id: model.id,
    name: model.displayName,
    author: model.id.split('/')[0] ?? model.id,
    kind: model.kind,
    aliases: [...model.aliases],
    context_length: model.contextLength,
    max_output_tokens: model.maxOutputTokens,
    default_max_output_tokens: model.defaultMaxOutputTokens,
    pricing,
    capabilities: { tools: c.tools, json_object: c.jsonObject, json_schema: c.jsonSchema, vision: c.vision, streaming: c.streaming, reasoning: c.reasoning },
    status: modelStatus(model, now),
    health,
    lifecycle: lifecycle === null
      ? null
      : { announced_at: isoTime(lifecycle.announcedAt), sunset_at: isoTime(lifecycle.sunsetAt), notice_url: lifecycle.noticeUrl, replacement: lifecycle.replacement },
    versions: model.versions.flatMap((v) => (v.version === null ? [] : [{ version: v.version, default: v.version === model.defaultVersion }])),
    default_version: model.defaultVersion,
    allowed,
  };
}
