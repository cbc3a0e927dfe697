import type { IrRerankResponse, IrUsage } from '../ir/index.js';
import type { RerankShape } from './decode-request.js';

/** What the encoder needs beside the IR answer. */
export interface RerankAnswerMeta {
  /** Response id (Cohere shapes). */
  readonly id: string;
  /** Model name reported (Jina shape). */
  readonly model: string;
  readonly shape: RerankShape;
  readonly returnDocuments: boolean;
  /** The documents as the client sent them (objects are echoed whole, as Cohere v1 does). */
  readonly documents: readonly (string | Readonly<Record<string, unknown>>)[];
  readonly searchUnits: number;
  readonly usage: IrUsage;
  /** Exact USD cost. */
  readonly cost: string;
}

/**
 * Encode in the shape the client asked for (wire-formats §7.1-7.3): `results[]` with `index`,
 * `relevance_score` and the document when requested; Cohere's `meta` or Jina's `usage`. Every shape
 * also carries `usage.cost` (extra keys are ignored by the clients).
 */
export function encodeRerankResponse(answer: IrRerankResponse, meta: RerankAnswerMeta): Record<string, unknown> {
  const results = answer.results.map((r) => {
    const doc = meta.documents[r.index];
    const document = typeof doc === 'string' || doc === undefined ? { text: doc ?? '' } : meta.shape === 'cohere-v1' ? doc : { text: doc.text };
    return { index: r.index, relevance_score: r.relevanceScore, ...(meta.returnDocuments ? { document } : {}) };
  });
  const usage = { total_tokens: meta.usage.input.total, search_units: meta.searchUnits, cost: meta.cost };
  if (meta.shape === 'jina') return { model: meta.model, usage, results };
  const version = meta.shape === 'cohere-v2' ? '2' : '1';
  const tokens = meta.shape === 'cohere-v2' ? { tokens: { input_tokens: meta.usage.input.total, output_tokens: 0 } } : {};
  return { id: meta.id, results, meta: { api_version: { version }, billed_units: { search_units: meta.searchUnits }, ...tokens }, usage };
}
