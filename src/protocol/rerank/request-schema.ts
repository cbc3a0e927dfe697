import { z } from 'zod';
import { onFirstUse } from '../../core/on-first-use.js';

// Built on first use (core/on-first-use.ts): an idle gateway does not hold the schemas of routes not yet called.

/** A document: a string, or an object with `text` (Cohere v1 / Jina) or fields picked by `rank_fields`. */
const documentSchema = onFirstUse(() => z.union([z.string(), z.record(z.string(), z.unknown())]));

/**
 * `POST /v1/rerank` and `/v2/rerank` body: the union of the Cohere v1, Cohere v2 and Jina shapes
 * (wire-formats §7.6). Loose: other fields are reported as ignored.
 */
export const rerankRequestSchema = onFirstUse(() =>
  z.looseObject({
    model: z.string().min(1),
    query: z.string(),
    documents: z.array(documentSchema()).min(1, 'must contain at least one document').max(10_000),
    top_n: z.number().int().min(1).nullish(),
    return_documents: z.boolean().nullish(),
    rank_fields: z.array(z.string()).nullish(),
    max_chunks_per_doc: z.number().int().min(1).nullish(),
    max_tokens_per_doc: z.number().int().min(1).nullish(),
    priority: z.number().nullish(),
  }),
);

/** A validated rerank body. */
export type RerankRequestBody = z.infer<ReturnType<typeof rerankRequestSchema>>;
