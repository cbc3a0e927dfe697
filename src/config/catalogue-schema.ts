import { z } from 'zod';
import { balanceSchema, cooldownSchema, deploymentEntrySchema, fallbackEntrySchema, retriesSchema } from './routing-schema.js';

/**
 * The shape of a catalogue file (YAML), field by field. This schema checks types and formats only;
 * rules that span fields or entries (references, uniqueness, "an enabled model needs a price") live in
 * `check-catalogue.ts`, and defaults that depend on the model kind are applied in `convert-catalogue.ts`.
 * Unknown fields are errors, so a misspelt key never silently falls back to a default.
 */

/** `YYYY-MM-DD`, a real calendar date. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** RFC 3339 date-time with a time zone (`Z` or `+02:00`), seconds optional. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Whether `text` is a `YYYY-MM-DD` date that exists on the calendar. */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Whether `text` is a calendar date or an RFC 3339 date-time with a time zone. */
export function isInstant(text: string): boolean {
  if (isCalendarDate(text)) return true;
  return DATE_TIME.test(text) && isCalendarDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text));
}

function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'http:' || protocol === 'https:';
}

const MUST_QUOTE = 'must be a decimal string with at most 9 decimals';

/** A USD price: a decimal string (never a YAML number, which would be a float) of at most 9 decimals. */
const price = z
  .string({ error: (iss) => (iss.input === undefined ? undefined : `${MUST_QUOTE}; quote it, e.g. "0.15"`) })
  .regex(/^\d+(?:\.\d{1,9})?$/, { error: MUST_QUOTE });

const positiveInt = z.int().positive();
const DATE_MESSAGE = 'must be a date written YYYY-MM-DD';
const date = z
  .string({ error: (iss) => (iss.input === undefined ? undefined : DATE_MESSAGE) })
  .refine(isCalendarDate, { error: DATE_MESSAGE });
const instant = z
  .string()
  .refine(isInstant, { error: 'must be a date-time with a time zone (2026-01-01T00:00:00Z) or a date (2026-01-01)' });
const httpUrl = z.string().refine(isHttpUrl, { error: 'must be an http:// or https:// URL' });
const modelId = z
  .string()
  .regex(/^[a-z0-9._-]+\/[a-z0-9._-]+$/, { error: 'must be <author>/<name>, each part lowercase [a-z0-9._-]' });
const providerId = z.string().regex(/^[a-z0-9-]{1,64}$/, { error: 'must be 1-64 characters of [a-z0-9-]' });

/** Upstream timeouts in milliseconds; each optional. */
export const timeoutsSchema = z.strictObject({
  /** Opening the TCP/TLS connection; default 5000. */
  connectMs: positiveInt.optional(),
  /** From sending the request to the response headers (time to first byte); default 60000. */
  headersMs: positiveInt.optional(),
  /** Longest silence between two body chunks; default 60000. */
  idleMs: positiveInt.optional(),
  /** From sending the request to the first body chunk of a stream (the first token); default headersMs. */
  firstTokenMs: positiveInt.optional(),
});

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must be an environment variable name' });

/** One entry of `providers:`: an upstream server. */
export const providerEntrySchema = z.strictObject({
  /** Catalogue id referenced by models, `[a-z0-9-]+`, unique. */
  id: providerId,
  /** Dialect the upstream speaks: `openai` (any OpenAI-compatible server), `anthropic` or `sim`. */
  type: z.enum(['openai', 'anthropic', 'sim']),
  /** Base URL; required for openai (with `/v1`) and anthropic (without `/v1`); not allowed for sim. */
  baseUrl: httpUrl.optional(),
  /** Environment variable holding the upstream secret, or a list of them (a key pool, rotated); optional. */
  apiKeyEnv: z.union([envName, z.array(envName).min(1).max(64)]).optional(),
  /** Extra headers sent on every upstream call. */
  headers: z.record(z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, { error: 'must be an HTTP header name' }), z.string()).optional(),
  /** Upstream timeouts. */
  timeouts: timeoutsSchema.optional(),
  /** Most calls in flight to this upstream at once (connections); default: no limit. */
  maxConnections: positiveInt.optional(),
  /** With `maxConnections`: longest wait for a free connection before a retryable 503; default 2000. */
  queueTimeoutMs: positiveInt.optional(),
});

/** What a model can do; each optional, false by default except `streaming` (true for chat and completion). */
export const capabilitiesSchema = z.strictObject({
  /** Tool (function) calling. */
  tools: z.boolean().optional(),
  /** `response_format: {type: "json_object"}`. */
  jsonObject: z.boolean().optional(),
  /** `response_format: {type: "json_schema"}` (structured outputs). */
  jsonSchema: z.boolean().optional(),
  /** Image inputs. */
  vision: z.boolean().optional(),
  /** `stream: true`. */
  streaming: z.boolean().optional(),
  /** Adjustable reasoning (effort or thinking budget). */
  reasoning: z.boolean().optional(),
});

/** Prices as decimal USD strings, all per million units (tokens, or search units for `searchUnit`). */
export const pricingSchema = z.strictObject({
  /** USD per million prompt tokens. */
  input: price.optional(),
  /** USD per million generated tokens. */
  output: price.optional(),
  /** USD per million prompt tokens read from cache; default `input`. */
  cachedInput: price.optional(),
  /** USD per million prompt tokens written to cache; default `input`. */
  cacheWrite: price.optional(),
  /** USD per million reasoning tokens; default `output`. */
  reasoning: price.optional(),
  /** USD per million rerank search units (so $2.00 per 1000 searches is "2000"). */
  searchUnit: price.optional(),
});

/** One deployment of a model. */
export const versionEntrySchema = z.strictObject({
  /** Snapshot date, `YYYY-MM-DD`, unique within the model. */
  version: date,
  /** Id of the provider serving this version; give this or `deployments`. */
  provider: providerId.optional(),
  /** Model name sent upstream (with `provider`). */
  upstreamModel: z.string().min(1).optional(),
  /** Several deployments serving this version; give this or `provider`. */
  deployments: z.array(deploymentEntrySchema).min(1).max(64).optional(),
});

/** Deprecation notice: from `announcedAt` the model is deprecated, from `sunsetAt` it is retired. */
export const lifecycleSchema = z.strictObject({
  /** When the deprecation was announced. */
  announcedAt: instant,
  /** When the model stops serving; after `announcedAt`. */
  sunsetAt: instant,
  /** Page explaining the deprecation. */
  noticeUrl: httpUrl.optional(),
  /** Id of an enabled model that replaces this one. */
  replacement: modelId.optional(),
});

/** One entry of `models:`. */
export const modelEntrySchema = z.strictObject({
  /** `<author>/<name>`, lowercase `[a-z0-9._-]` parts, unique. */
  id: modelId,
  /** Which endpoints serve it: chat, embedding, completion or rerank. */
  kind: z.enum(['chat', 'embedding', 'completion', 'rerank']),
  /** Human name for listings; default the id. */
  displayName: z.string().min(1).optional(),
  /** Other names clients may use; unique across the catalogue and never equal to a model id. */
  aliases: z.array(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$/, { error: 'must be 1-128 characters of [A-Za-z0-9._:/-]' })).optional(),
  /** Context window in tokens (prompt plus output). */
  contextLength: positiveInt,
  /** Ceiling on output tokens; required for chat and completion, absent for embedding and rerank. */
  maxOutputTokens: positiveInt.optional(),
  /** Output limit applied when a request sets none; at most `maxOutputTokens`; default `maxOutputTokens`. */
  defaultMaxOutputTokens: positiveInt.optional(),
  /** Capability flags. */
  capabilities: capabilitiesSchema.optional(),
  /** Prices; required (input and output, or input / searchUnit per kind) unless `enabled: false`. */
  pricing: pricingSchema.optional(),
  /** Per-model request and token rate limits (per minute, per organization). */
  rateLimit: z.strictObject({ rpm: positiveInt.optional(), tpm: positiveInt.optional() }).optional(),
  /** Embedding models only (required for them): native vector length and whether `dimensions` may be set. */
  embedding: z.strictObject({ dimensions: positiveInt, adjustableDimensions: z.boolean().optional() }).optional(),
  /** Whether the model is served; default true. Disabled models are validated but not loaded. */
  enabled: z.boolean().optional(),
  /** Dated deployments; give either these or the `provider` shorthand. */
  versions: z.array(versionEntrySchema).min(1).optional(),
  /** Version served when a request pins none; required with several versions. */
  defaultVersion: date.optional(),
  /** Shorthand for one unversioned deployment: the provider id. */
  provider: providerId.optional(),
  /** Shorthand: the model name sent upstream; default the `<name>` part of the id. */
  upstreamModel: z.string().min(1).optional(),
  /** Several unversioned deployments (instead of `provider`); `upstreamModel` is their default upstream name. */
  deployments: z.array(deploymentEntrySchema).min(1).max(64).optional(),
  /** How requests spread over the deployments; default weighted. */
  balance: balanceSchema.optional(),
  /** Retries before the first byte reaches the client. */
  retries: retriesSchema.optional(),
  /** Other models tried in order when this one fails (or, `on: context_length`, when the prompt is too long). */
  fallbacks: z.array(fallbackEntrySchema).min(1).max(16).optional(),
  /** When a deployment is taken out after repeated failures, and for how long. */
  cooldown: cooldownSchema.optional(),
  /** Deprecation and sunset dates. */
  lifecycle: lifecycleSchema.optional(),
  /** Release date, reported as `created` (unix seconds) in listings; default the newest version's date. */
  created: date.optional(),
});

/** The top level of the file: a mapping. Its lists are checked one by one, then entry by entry. */
export const catalogueShellSchema = z.record(z.string(), z.unknown());

/** A top-level list (`providers:` or `models:`) before its entries are validated. */
export const entryListSchema = z.array(z.unknown());

/** The whole file, for reference and tooling (the loader validates entry by entry). */
export const catalogueFileSchema = z.strictObject({
  /** Upstream servers. */
  providers: z.array(providerEntrySchema),
  /** Models. */
  models: z.array(modelEntrySchema),
});

/** A validated `providers:` entry. */
export type ProviderEntry = z.output<typeof providerEntrySchema>;
/** A validated `models:` entry. */
export type ModelEntry = z.output<typeof modelEntrySchema>;
/** A validated catalogue file. */
export type CatalogueFile = z.output<typeof catalogueFileSchema>;
