import { z } from 'zod';

/** Prices per million units as the catalogue states them (USD decimal strings); a class the catalogue does not price is absent. */
export const modelPricingDto = z.object({
  input: z.string().optional().describe('Prompt tokens, USD per million.'),
  output: z.string().optional().describe('Generated tokens (reasoning included unless priced apart), USD per million.'),
  cached_input: z.string().optional().describe('Prompt tokens read from cache, USD per million (absent: billed as input).'),
  cache_write: z.string().optional().describe('Prompt tokens written to cache, USD per million (absent: billed as input).'),
  reasoning: z.string().optional().describe('Reasoning tokens, USD per million (absent: billed as output).'),
  search_unit: z.string().optional().describe('Rerank search units, USD per million.'),
});

/** One catalogue model as an organization sees it. */
export const orgModelDto = z.object({
  id: z.string().describe('Catalogue id `<author>/<name>`.'),
  name: z.string().describe('Display name.'),
  author: z.string().describe('The part of the id before the slash.'),
  kind: z.enum(['chat', 'embedding', 'completion', 'rerank']),
  aliases: z.array(z.string()).describe('Catalogue aliases that resolve to this model.'),
  context_length: z.number().int(),
  max_output_tokens: z.number().int().describe('Ceiling on output tokens.'),
  default_max_output_tokens: z.number().int().describe('Applied when a request sets no limit.'),
  pricing: modelPricingDto,
  capabilities: z.object({ tools: z.boolean(), json_object: z.boolean(), json_schema: z.boolean(), vision: z.boolean(), streaming: z.boolean(), reasoning: z.boolean() }),
  status: z.enum(['active', 'deprecated', 'retired']),
  health: z
    .enum(['serving', 'degraded', 'unavailable'])
    .describe('serving: every deployment of the default version takes traffic; degraded: some cool down after upstream failures; unavailable: all do (requests get a retryable 503 unless a fallback serves). Per gateway process, shared through Redis when configured.'),
  lifecycle: z
    .object({ announced_at: z.string(), sunset_at: z.string(), notice_url: z.string().nullable(), replacement: z.string().nullable() })
    .nullable()
    .describe('Deprecation dates and replacement, or null.'),
  versions: z.array(z.object({ version: z.string(), default: z.boolean() })).describe('Dated versions, newest first (empty for an unversioned model).'),
  default_version: z.string().nullable(),
  allowed: z.boolean().describe("Whether the organization's allowed-models setting lets its keys call it (an empty setting allows every model)."),
});
