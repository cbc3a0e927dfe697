import { z } from 'zod';
import { pageQueryShape } from '../internal/pagination.js';
import { idParam, isoTimeInput } from '../internal/wire.js';

/** Path of `GET /requests/:requestId`. */
export const requestParams = z.strictObject({
  /** The request id (`req_...`) from `x-request-id`. */
  requestId: idParam('req'),
});

/** Query of `GET /projects/:projectId/requests`. */
export const listRequestsQuery = z.strictObject({
  ...pageQueryShape,
  /** Only requests made with this key. */
  key_id: idParam('key').optional(),
  /** Only requests for this model (as requested or as resolved). */
  model: z.string().min(1).max(200).optional(),
  /** Only requests answered with this HTTP status. */
  status: z.coerce.number().int().min(100).max(599).optional(),
  /** Only requests from the console playground (`playground`) or made with an inference key (`api`). */
  source: z.enum(['api', 'playground']).optional(),
  /** Only requests at or after this time (ISO 8601). */
  since: isoTimeInput.optional(),
  /** Only requests before this time (ISO 8601). */
  until: isoTimeInput.optional(),
});

/** A request-log entry as sent. */
export const requestDto = z.object({
  id: z.string(),
  project_id: z.string().nullable(),
  key_id: z.string().nullable(),
  endpoint: z.string(),
  model_requested: z.string().nullable(),
  model_resolved: z.string().nullable(),
  provider_id: z.string().nullable(),
  stream: z.boolean(),
  status: z.number(),
  error_code: z.string().nullable(),
  latency_ms: z.number(),
  ttft_ms: z.number().nullable(),
  source: z.enum(['api', 'playground']).describe('`api`: made with an inference key; `playground`: made by a person in the console playground (no key: `key_id` is null).'),
  user_id: z.string().nullable().describe('The console user who made a playground request; null for `api` requests.'),
  upstream_wait_ms: z.number().describe('Time the request waited for a free upstream connection (the provider\'s `maxConnections`), ms; 0 when it did not wait.'),
  attempts: z
    .array(
      z.object({
        model: z.string().describe('Catalogue model the attempt served (another than `model_resolved` asked for on a fallback).'),
        deployment: z.string().describe('Deployment, `provider/upstreamModel`.'),
        provider: z.string(),
        status: z.number().nullable().describe('Upstream HTTP status (200 for the answer); null when none came (refused, reset, timed out).'),
        error: z.string().nullable().describe('Error code of a failed attempt.'),
        latency_ms: z.number(),
      }),
    )
    .nullable()
    .describe('Upstream attempts of a routed request (retries and fallbacks), in order; null for a model served by one deployment.'),
  usage: z.object({ input_tokens: z.number(), output_tokens: z.number(), cached_tokens: z.number(), reasoning_tokens: z.number(), source: z.string() }),
  cost_usd: z.string().describe('USD decimal string.'),
  user: z.string().nullable().describe('End-user id the client sent (`user`, Anthropic `metadata.user_id`).'),
  tags: z.record(z.string(), z.string()).describe('Request tags (`metadata` strings and `x-tf-tags`).'),
  ignored_params: z.array(z.string()).describe('Request parameters the gateway dropped before calling the upstream (also sent as `x-tf-ignored-params`).'),
  created_at: z.string(),
});

/** One request with where its money went: the cost taken apart, the hold admission took and the ledger debit that settled it. */
export const requestDetailDto = requestDto.extend({
  hold_usd: z.string().nullable().describe('Worst-case cost admission held while the request ran (USD decimal string); null when nothing was held.'),
  ledger_entry: z
    .object({ id: z.string(), amount_usd: z.string().describe('Signed USD decimal string (negative: a debit).'), created_at: z.string() })
    .nullable()
    .describe('The usage debit that settled the request; null while unsettled or when nothing was billed.'),
  cost_explained: z
    .object({
      lines: z.array(z.object({
        token_class: z.enum(['input', 'cached_input', 'output', 'reasoning']),
        tokens: z.number(),
        price_per_million_usd: z.string().describe("Today's catalogue price per million tokens."),
        amount_usd: z.string().describe('tokens x price, exact (up to 15 decimals).'),
      })),
      exact_usd: z.string().describe('The exact sum of the lines.'),
      rounded_usd: z.string().describe('That sum rounded once, half up, to the nano-USD.'),
      matches_cost: z.boolean().describe('Whether rounded_usd equals cost_usd (false when prices changed since, or cache writes were billed).'),
    })
    .nullable()
    .describe("The cost taken apart at the catalogue's prices; null when the model that served it is not in the catalogue (or none served it)."),
});
