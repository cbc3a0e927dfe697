import { z } from 'zod';
import { onFirstUse } from '../../core/on-first-use.js';

// Built on first use (core/on-first-use.ts): an idle gateway does not hold the schemas of routes not yet called.

/** `POST /v1/embeddings` body (wire-formats §4.1). */
export const embeddingRequestSchema = onFirstUse(() =>
  z.looseObject({
    model: z.string().min(1),
    input: z.union([
      z.string().min(1, 'must not be empty'),
      z.array(z.string().min(1, 'must not be empty')).min(1).max(2048),
      z.array(z.number().int()).min(1),
      z.array(z.array(z.number().int()).min(1)).min(1).max(2048),
    ]),
    encoding_format: z.enum(['float', 'base64']).optional(),
    dimensions: z.number().int().min(1).optional(),
    user: z.string().optional(),
  }),
);

/** A validated embeddings body. */
export type EmbeddingRequestBody = z.infer<ReturnType<typeof embeddingRequestSchema>>;
