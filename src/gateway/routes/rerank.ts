import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { estimateTokens } from '../../billing/estimate-tokens.js';
import { GatewayError } from '../../core/errors.js';
import { createUsage } from '../../protocol/ir/index.js';
import { decodeRerankRequest } from '../../protocol/rerank/decode-request.js';
import { encodeRerankResponse } from '../../protocol/rerank/encode-response.js';
import { rerankRequestSchema, type RerankRequestBody } from '../../protocol/rerank/request-schema.js';
import type { GatewayDeps } from '../gateway-deps.js';
import { runInference } from '../inference-session.js';
import { sendJson } from '../openai-answer.js';

/** Documents per billed search unit (Cohere's rule), used when the upstream reports none. */
const DOCUMENTS_PER_SEARCH_UNIT = 100;

/**
 * `POST /v1/rerank` (Cohere v1 and Jina shapes) and `POST /v2/rerank` (Cohere v2): the shape is
 * detected from the path and body and the answer comes back in it. Billed per search unit and/or
 * per token, as the catalogue prices the model.
 */
export function registerRerank(app: FastifyInstance, deps: GatewayDeps): void {
  const handler = (request: FastifyRequest, reply: FastifyReply): Promise<void> =>
    runInference(deps, request, reply, 'rerank', async (session) => {
      const parsed = session.parse(rerankRequestSchema());
      const target = session.resolve(parsed.model, ['rerank']);
      const body = session.shape('rerank', parsed) as RerankRequestBody;
      const decoded = decodeRerankRequest(body, request.url, target.version.upstreamModel);
      const rerank = target.provider.rerank;
      if (!rerank) throw new GatewayError('GW_WRONG_MODEL_KIND', `The upstream of '${target.model.id}' cannot rerank.`, { param: 'model' });
      // Each document is scored against the query: the query counts once per document.
      const ctx = session.relay(target, async () => (await estimateTokens([decoded.request.query])) * decoded.request.documents.length + (await estimateTokens(decoded.request.documents)));
      const answer = await rerank.call(target.provider, decoded.request, { requestId: session.record.id, signal: session.signal });
      const usage = answer.usage ?? createUsage(await ctx.estimatePromptTokens(), 0, { source: 'estimated' });
      const searchUnits = answer.searchUnits > 0 ? answer.searchUnits : Math.ceil(decoded.request.documents.length / DOCUMENTS_PER_SEARCH_UNIT);
      const cost = ctx.meter(usage, searchUnits);
      session.record.markFirstByte();
      const meta = {
        id: session.record.id,
        model: ctx.answerModel,
        shape: decoded.shape,
        returnDocuments: decoded.returnDocuments,
        documents: body.documents,
        searchUnits,
        usage,
        cost,
      };
      await sendJson(reply, session.record, session.headers, encodeRerankResponse(answer, meta), ctx.bodyExtras);
    });
  app.post('/v1/rerank', handler);
  app.post('/v2/rerank', handler);
}
