import { z } from 'zod';

/**
 * The routing fields of a catalogue model: several deployments, retries, fallbacks and the cooldown
 * circuit (issue 16). Types and formats only; references and cross-field rules are checked in
 * `check-routing.ts`, defaults applied in `convert-routing.ts`.
 */

const positiveInt = z.int().positive();
const providerId = z.string().regex(/^[a-z0-9-]{1,64}$/, { error: 'must be 1-64 characters of [a-z0-9-]' });
const modelId = z
  .string()
  .regex(/^[a-z0-9._-]+\/[a-z0-9._-]+$/, { error: 'must be <author>/<name>, each part lowercase [a-z0-9._-]' });

/** One deployment: a provider serving the model under an upstream name, with its own share and limits. */
export const deploymentEntrySchema = z.strictObject({
  /** Id of the provider serving this deployment. */
  provider: providerId,
  /** Model name sent upstream; default the model's `upstreamModel`, else the `<name>` part of the id. */
  upstreamModel: z.string().min(1).optional(),
  /** Share of the traffic relative to the other deployments; default 1. */
  weight: positiveInt.max(1_000_000).optional(),
  /** Requests per minute this deployment takes; more go to the other deployments. */
  rpm: positiveInt.optional(),
  /** Tokens (prompt estimate plus output limit) per minute this deployment takes. */
  tpm: positiveInt.optional(),
  /** Requests in flight at once on this deployment. */
  maxConcurrent: positiveInt.optional(),
});

/** Failure classes a retry or failover may follow. */
export const RETRYABLE_FAILURES = ['connect', 'timeout', 'rate_limit', 'server_error'] as const;

/** Retry policy: attempts after the first, which failures, and how long to wait between them. */
export const retriesSchema = z.strictObject({
  /** Attempts after the first, spread over the model's deployments (a failed one is tried last); default deployments − 1. */
  attempts: z.int().min(0).max(10).optional(),
  /** Failures that are retried; default all: connect, timeout, rate_limit, server_error. */
  on: z.array(z.enum(RETRYABLE_FAILURES)).min(1).optional(),
  /** First backoff, doubled per retry with full jitter; default 100. */
  backoffMs: z.int().min(0).max(60_000).optional(),
  /** Ceiling of one backoff; default 2000. */
  maxBackoffMs: z.int().min(0).max(60_000).optional(),
  /** Longest upstream `retry-after` honoured by waiting; longer ones fail over (or fail) at once; default 5000. */
  maxRetryAfterMs: z.int().min(0).max(120_000).optional(),
});

/** One fallback model: a model id, or `{model, on}` where `on: context_length` limits it to context-length errors. */
export const fallbackEntrySchema = z.union([
  modelId,
  z.strictObject({
    /** The model that answers instead. */
    model: modelId,
    /** `failure` (default): after this model's attempts failed; `context_length`: only when the prompt is too long for it. */
    on: z.enum(['failure', 'context_length']).optional(),
  }),
]);

/** The cooldown circuit of each deployment. */
export const cooldownSchema = z.strictObject({
  /** Consecutive failures that open the circuit; default 3. */
  failures: positiveInt.max(1000).optional(),
  /** How long an open circuit keeps the deployment out before one probe request; default 30. */
  seconds: positiveInt.max(86_400).optional(),
});

/** How requests spread over healthy deployments: by weight, or to the least busy relative to its weight. */
export const balanceSchema = z.enum(['weighted', 'least-in-flight']);
