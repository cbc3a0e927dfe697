import { z } from 'zod';
import { usdAmount } from '../internal/wire.js';

const perMinute = z.number().int().min(0).max(1_000_000_000).nullable();

/** Body of `PATCH /projects/:projectId/limits`; omitted fields are kept, null removes the limit. */
export const updateLimitsBody = z.strictObject({
  /** Requests per minute for the whole project, or null for none. */
  rpm: perMinute.optional(),
  /** Tokens per minute for the whole project, or null for none. */
  tpm: perMinute.optional(),
});

/** Body of `PUT /projects/:projectId/budget`. */
export const budgetBody = z.strictObject({
  /** Monthly budget in USD (decimal string), or null for none. */
  budget_usd: usdAmount.nullable(),
});

/** A project's limits as sent. */
export const limitsDto = z.object({
  project_id: z.string(),
  rpm: z.number().nullable(),
  tpm: z.number().nullable(),
  budget_usd: z.string().nullable().describe('Monthly budget, USD decimal string.'),
  abilities: z.object({ manage_limits: z.boolean(), manage_budget: z.boolean() }),
});
