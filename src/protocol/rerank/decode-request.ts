import { GatewayError } from '../../core/errors.js';
import type { IrRerankRequest } from '../ir/index.js';
import type { RerankRequestBody } from './request-schema.js';

/** The rerank dialects the endpoint answers in. */
export type RerankShape = 'cohere-v1' | 'cohere-v2' | 'jina';

/** A decoded rerank request: the IR, the shape to answer in, and whether to return documents. */
export interface DecodedRerank {
  readonly request: IrRerankRequest;
  readonly shape: RerankShape;
  readonly returnDocuments: boolean;
}

/**
 * Detect the shape from the path and body: `/v2/rerank` or a v2-only field (`max_tokens_per_doc`,
 * `priority`) is Cohere v2; a v1-only field (`rank_fields`, `max_chunks_per_doc`) is Cohere v1; a
 * model name containing `jina` or an image document is Jina; anything else is Cohere v1.
 */
export function detectRerankShape(body: RerankRequestBody, path: string): RerankShape {
  if (path.startsWith('/v2/') || body.max_tokens_per_doc != null || body.priority != null) return 'cohere-v2';
  if (body.rank_fields != null || body.max_chunks_per_doc != null) return 'cohere-v1';
  const hasImage = body.documents.some((d) => typeof d === 'object' && 'image' in d);
  return body.model.toLowerCase().includes('jina') || hasImage ? 'jina' : 'cohere-v1';
}

/** Decode a rerank body; `return_documents` defaults to true for Jina and false for Cohere. */
export function decodeRerankRequest(body: RerankRequestBody, path: string, upstreamModel: string): DecodedRerank {
  const shape = detectRerankShape(body, path);
  const documents = body.documents.map((doc, i) => documentText(doc, body.rank_fields ?? null, i));
  return {
    request: { model: upstreamModel, query: body.query, documents, ...(body.top_n != null ? { topN: body.top_n } : {}) },
    shape,
    returnDocuments: body.return_documents ?? shape === 'jina',
  };
}

/** The text ranked for one document: the string, the `rank_fields` as `key: value` lines, or `text`. */
function documentText(doc: string | Record<string, unknown>, rankFields: readonly string[] | null, index: number): string {
  if (typeof doc === 'string') return doc;
  if (rankFields !== null && rankFields.length > 0) {
    return rankFields.filter((f) => doc[f] !== undefined).map((f) => `${f}: ${typeof doc[f] === 'string' ? doc[f] : JSON.stringify(doc[f])}`).join('\n');
  }
  if (typeof doc.text === 'string') return doc.text;
  throw new GatewayError('GW_INVALID_VALUE', "Document objects need a string 'text' field (or name fields with rank_fields).", { param: `documents[${index}]` });
}
