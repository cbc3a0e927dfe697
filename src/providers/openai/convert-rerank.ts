import { GatewayError } from '../../core/errors.js';
import { safeParseJson } from '../../core/json.js';
import { createUsage, type IrRerankRequest, type IrRerankResponse } from '../../protocol/ir/index.js';
import { rerankResponseSchema } from './api.js';

/** A rerank body every Cohere/Jina-compatible server accepts (documents as strings, no documents echoed). */
export function convertRerankRequest(request: IrRerankRequest): Record<string, unknown> {
  return {
    model: request.model,
    query: request.query,
    documents: request.documents,
    ...(request.topN !== undefined ? { top_n: request.topN } : {}),
    return_documents: false,
  };
}

/** Parse a Cohere/Jina rerank answer; search units from `meta.billed_units`, tokens from `usage.total_tokens`. */
export function convertRerankResponse(providerId: string, text: string): IrRerankResponse {
  const json = safeParseJson(text);
  const parsed = json.ok ? rerankResponseSchema.safeParse(json.value) : null;
  if (parsed === null || !parsed.success) {
    throw new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${providerId} sent an invalid rerank answer.`);
  }
  const { results, meta, usage } = parsed.data;
  const tokens = usage?.total_tokens;
  return {
    results: [...results].map((r) => ({ index: r.index, relevanceScore: r.relevance_score })).sort((a, b) => b.relevanceScore - a.relevanceScore),
    searchUnits: meta?.billed_units?.search_units ?? 0,
    usage: tokens == null ? null : createUsage(tokens, 0),
  };
}
