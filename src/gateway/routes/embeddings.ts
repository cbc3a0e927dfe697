import type { FastifyInstance } from 'fastify';
import { estimateTokens } from '../../billing/estimate-tokens.js';
import { GatewayError } from '../../core/errors.js';
import { createUsage } from '../../protocol/ir/index.js';
import { embeddingRequestSchema, type EmbeddingRequestBody } from '../../protocol/openai/embedding-request-schema.js';
import { encodeEmbeddingsResponse } from '../../protocol/openai/encode-embeddings.js';
import type { GatewayDeps } from '../gateway-deps.js';
import { runInference } from '../inference-session.js';
import { sendJson } from '../openai-answer.js';
import { relayPassthroughJson } from '../relay/relay-passthrough-json.js';
import type { Target } from '../resolve-target.js';

/** `POST /v1/embeddings`: float or base64 (float32 little-endian, the openai SDK's default). */
export function registerEmbeddings(app: FastifyInstance, deps: GatewayDeps): void {
  app.post('/v1/embeddings', (request, reply) =>
    runInference(deps, request, reply, 'embeddings', async (session) => {
      const parsed = session.parse(embeddingRequestSchema());
      const target = session.resolve(parsed.model, ['embedding']);
      const body = session.shape('openai-embeddings', parsed) as EmbeddingRequestBody;
      checkDimensions(target, body.dimensions);
      const inputs = normaliseInput(body.input);
      const ctx = session.relay(target, async () => (await estimateTokens(inputs.filter((i) => typeof i === 'string'))) + inputs.reduce<number>((n, i) => n + (typeof i === 'string' ? 0 : i.length), 0));
      if (target.provider.passthrough.has('openai-embeddings')) {
        const upstream = { ...body, model: target.version.upstreamModel };
        return relayPassthroughJson(ctx, 'openai-embeddings', JSON.stringify(upstream));
      }
      const embed = target.provider.embed;
      if (!embed) {
        throw new GatewayError('GW_WRONG_MODEL_KIND', `The upstream of '${target.model.id}' cannot serve embeddings.`, { param: 'model' });
      }
      const res = await embed.call(
        target.provider,
        {
          model: target.version.upstreamModel,
          input: inputs as string[] | number[][],
          ...(body.dimensions !== undefined ? { dimensions: body.dimensions } : { dimensions: target.model.embedding?.dimensions ?? 1536 }),
          ...(body.user !== undefined ? { user: body.user } : {}),
        },
        { requestId: session.record.id, signal: session.signal },
      );
      const usage = res.usage ?? createUsage(await ctx.estimatePromptTokens(), 0, { source: 'estimated' });
      const cost = ctx.meter(usage);
      session.record.markFirstByte();
      await sendJson(
        reply,
        session.record,
        session.headers,
        encodeEmbeddingsResponse(res, ctx.answerModel, body.encoding_format ?? 'float', {
          prompt_tokens: usage.input.total,
          total_tokens: usage.input.total,
          cost,
        }),
        ctx.bodyExtras,
      );
    }),
  );
}

/** `dimensions` only where the model allows it, and never above its native length. */
function checkDimensions(target: Target, dimensions: number | undefined): void {
  if (dimensions === undefined) return;
  const spec = target.model.embedding;
  if (spec === null || !spec.adjustableDimensions) {
    throw new GatewayError('GW_UNSUPPORTED_PARAMETER', `The model '${target.model.id}' does not support 'dimensions'.`, { param: 'dimensions' });
  }
  if (dimensions > spec.dimensions) {
    throw new GatewayError('GW_INVALID_VALUE', `'dimensions' must be at most ${spec.dimensions} for '${target.model.id}'.`, { param: 'dimensions' });
  }
}

/** All input forms as a list: texts, or token-id arrays. */
function normaliseInput(input: EmbeddingRequestBody['input']): (string | number[])[] {
  if (typeof input === 'string') return [input];
  if (input.length > 0 && typeof input[0] === 'number') return [input as number[]];
  return input as (string | number[])[];
}
