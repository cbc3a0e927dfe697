import { z } from 'zod';
import { onFirstUse } from '../../core/on-first-use.js';

// Built on first use (core/on-first-use.ts): an idle gateway does not hold the schemas of routes not yet called.

const positiveInt = onFirstUse(() => z.number().int().min(1).nullable().optional());

/** `POST /v1/completions` body (wire-formats §4.2); loose so unknown fields pass through. */
export const completionRequestSchema = onFirstUse(() =>
  z.looseObject({
    model: z.string().min(1),
    prompt: z.union([z.string(), z.array(z.string()).min(1), z.array(z.number().int()).min(1), z.array(z.array(z.number().int())).min(1)]),
    suffix: z.string().nullable().optional(),
    echo: z.boolean().nullable().optional(),
    logprobs: z.number().int().min(0).max(5).nullable().optional(),
    best_of: positiveInt(),
    n: z.number().int().min(1).max(128).nullable().optional(),
    max_tokens: positiveInt(),
    stop: z.union([z.string(), z.array(z.string()).max(4)]).nullable().optional(),
    temperature: z.number().min(0).max(2).nullable().optional(),
    top_p: z.number().min(0).max(1).nullable().optional(),
    presence_penalty: z.number().min(-2).max(2).nullable().optional(),
    frequency_penalty: z.number().min(-2).max(2).nullable().optional(),
    logit_bias: z.record(z.string(), z.number()).nullable().optional(),
    seed: z.number().int().nullable().optional(),
    stream: z.boolean().nullable().optional(),
    stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
    user: z.string().optional(),
  }),
);

/** A validated completion body. */
export type CompletionRequestBody = z.infer<ReturnType<typeof completionRequestSchema>>;
