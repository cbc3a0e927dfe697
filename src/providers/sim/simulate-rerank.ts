import { createUsage } from '../../protocol/ir/index.js';
import type { IrRerankRequest, IrRerankResponse, IrRerankResult } from '../../protocol/ir/index.js';
import { scoreBm25, toRelevance } from './bm25.js';

/** Documents per billed search unit (Cohere's rule). */
export const DOCUMENTS_PER_SEARCH_UNIT = 100;

/**
 * Rank documents by BM25 relevance to the query, scores squashed to (0, 1), best first (ties keep
 * input order), cut to `topN`. Usage counts the query once per document, as a cross-encoder reads it
 * (`inputTokens` from `countRerankInputTokens`).
 */
export function simulateRerank(request: IrRerankRequest, inputTokens: number): IrRerankResponse {
  const documents = request.documents ?? [];
  const query = request.query ?? '';
  const scores = scoreBm25(query, documents);
  const ranked: IrRerankResult[] = scores
    .map((score, index) => ({ index, relevanceScore: toRelevance(score) }))
    .sort((a, b) => b.relevanceScore - a.relevanceScore || a.index - b.index);
  const results = request.topN === undefined ? ranked : ranked.slice(0, Math.max(0, Math.floor(request.topN)));
  return { results, searchUnits: Math.ceil(documents.length / DOCUMENTS_PER_SEARCH_UNIT), usage: createUsage(inputTokens, 0) };
}
