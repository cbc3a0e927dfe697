import { z } from 'zod';
import { apiKeyPolicy } from '../../auth/policies/api-key.js';
import { pageQueryShape } from '../internal/pagination.js';
import { abilitiesSchema, idParam, isoTimeInput, usdAmount } from '../internal/wire.js';

/** Path of routes on one key. */
export const apiKeyParams = z.strictObject({
  /** Project id. */
  projectId: idParam('proj'),
  /** Key id. */
  keyId: idParam('key'),
});

/** Query of `GET /projects/:projectId/api-keys`. */
export const listApiKeysQuery = z.strictObject({ ...pageQueryShape });

const modelList = z.array(z.string().min(1).max(200)).max(1000);

/** Body of `POST /projects/:projectId/api-keys`. */
export const createApiKeyBody = z.strictObject({
  /** Display name. */
  name: z.string().trim().min(1).max(100),
  /** Expiry (ISO 8601), or null/omitted for never. */
  expires_at: isoTimeInput.nullable().optional(),
  /** Model ids the key may call; null/omitted for every model the organization allows. */
  allowed_models: modelList.nullable().optional(),
  /** Monthly budget in USD (decimal string), or null/omitted for none. */
  budget_usd: usdAmount.nullable().optional(),
});

/** Body of `PATCH /projects/:projectId/api-keys/:keyId`; omitted fields are kept. */
export const updateApiKeyBody = z.strictObject({
  /** New display name. */
  name: z.string().trim().min(1).max(100).optional(),
  /** Disable (true) or re-enable (false); takes effect on /v1 within the key refresh period. */
  disabled: z.boolean().optional(),
  /** New expiry, or null for never. */
  expires_at: isoTimeInput.nullable().optional(),
  /** New allowed models, or null for all. */
  allowed_models: modelList.nullable().optional(),
  /** New monthly budget in USD, or null for none. */
  budget_usd: usdAmount.nullable().optional(),
});

/** A key as sent (never the secret, except once at creation). */
export const apiKeyDto = z.object({
  id: z.string(),
  project_id: z.string(),
  name: z.string(),
  prefix: z.string().describe('First 12 characters of the secret.'),
  disabled: z.boolean(),
  expires_at: z.string().nullable(),
  allowed_models: z.array(z.string()).nullable(),
  budget_usd: z.string().nullable().describe('Monthly budget, USD decimal string.'),
  created_at: z.string(),
  updated_at: z.string(),
  last_used_at: z.string().nullable().describe("Arrival time of the key's newest billed request, or null."),
  usage_this_month: z
    .object({ requests: z.number(), cost_usd: z.string().describe('USD decimal string.') })
    .describe('Settled usage since the start of the UTC month (the same figures as the usage report grouped by key).'),
  abilities: abilitiesSchema(Object.keys(apiKeyPolicy) as [string, ...string[]]),
});

/** A created key: the only time the secret is returned. */
export const createdApiKeyDto = apiKeyDto.extend({ secret: z.string().describe('sk-tf-...; shown once, stored only as a hash.') });

/** The key view. */
export type ApiKeyView = z.infer<typeof apiKeyDto>;
