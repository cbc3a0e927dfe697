import type { FastifyInstance } from 'fastify';
import { estimateTokens } from '../../billing/estimate-tokens.js';
import { GatewayError } from '../../core/errors.js';
import { createUsage } from '../../protocol/ir/index.js';
import { completionRequestSchema, type CompletionRequestBody } from '../../protocol/openai/completion-request-schema.js';
import { decodeCompletionRequest } from '../../protocol/openai/decode-completion-request.js';
import { encodeCompletionChunk, encodeCompletionResponse } from '../../protocol/openai/encode-completion.js';
import { encodeOpenAIUsage } from '../../protocol/openai/encode-usage.js';
import { mapFinishReasonToOpenAI } from '../../protocol/openai/map-finish-reason.js';
import type { GatewayDeps } from '../gateway-deps.js';
import { runInference, type InferenceSession } from '../inference-session.js';
import { sendJson } from '../openai-answer.js';
import type { RelayContext } from '../relay/relay-context.js';
import { relayIrStream } from '../relay/relay-ir-stream.js';
import { relayPassthroughJson } from '../relay/relay-passthrough-json.js';
import { relayPassthroughStream } from '../relay/relay-passthrough-stream.js';
import type { Target } from '../resolve-target.js';

/** `POST /v1/completions` (legacy: raw prompt, no chat template, `suffix` for fill-in-the-middle). */
export function registerCompletions(app: FastifyInstance, deps: GatewayDeps): void {
  app.post('/v1/completions', (request, reply) =>
    runInference(deps, request, reply, 'completions', async (session) => {
      const parsed = session.parse(completionRequestSchema());
      const target = session.resolve(parsed.model, ['completion']);
      const stream = parsed.stream === true;
      session.record.stream = stream;
      const body = session.shape('openai-completions', parsed) as CompletionRequestBody;
      const ctx = session.relay(target, () => estimatePrompt(body));
      const includeUsage = stream && body.stream_options?.include_usage === true;
      if (target.provider.passthrough.has('openai-completions')) {
        const upstream: Record<string, unknown> = { ...body, model: target.version.upstreamModel };
        if (stream) upstream.stream_options = { ...(body.stream_options ?? {}), include_usage: true };
        const json = JSON.stringify(upstream);
        return stream ? relayPassthroughStream(ctx, 'openai-completions', json, includeUsage) : relayPassthroughJson(ctx, 'openai-completions', json);
      }
      return viaIr(session, ctx, target, body, stream, includeUsage);
    }),
  );
}

async function estimatePrompt(body: CompletionRequestBody): Promise<number> {
  const prompts = typeof body.prompt === 'string' ? [body.prompt] : body.prompt;
  let tokens = 0;
  for (const p of prompts) tokens += typeof p === 'string' ? await estimateTokens([p]) : Array.isArray(p) ? p.length : 1;
  return tokens + (body.suffix ? await estimateTokens([body.suffix]) : 0);
}

async function viaIr(
  session: InferenceSession,
  ctx: RelayContext,
  target: Target,
  body: CompletionRequestBody,
  stream: boolean,
  includeUsage: boolean,
): Promise<void> {
  const { provider } = target;
  const ir = decodeCompletionRequest(body, target.version.upstreamModel);
  const call = { requestId: session.record.id, signal: session.signal };
  const meta = { id: `cmpl-${session.record.id.slice(4)}`, created: Math.floor(Date.now() / 1000), model: ctx.answerModel };
  if (stream) {
    if (!provider.streamComplete) throw unsupported(target);
    const events = await provider.streamComplete(ir, call);
    await relayIrStream(
      ctx,
      events,
      {
        encode: (event) =>
          event.type === 'text-delta'
            ? [encodeCompletionChunk(meta, event.choice, event.delta, null)]
            : event.type === 'finish'
              ? [encodeCompletionChunk(meta, event.choice, '', mapFinishReasonToOpenAI(event.finishReason))]
              : [],
        failureChunk: () => encodeCompletionChunk(meta, 0, '', 'error'),
        usageChunk: (usage, cost) => ({ ...meta, object: 'text_completion', choices: [], usage: encodeOpenAIUsage(usage, cost) }),
      },
      includeUsage,
    );
    return;
  }
  if (!provider.complete) throw unsupported(target);
  const res = await provider.complete(ir, call);
  const usage = res.usage ?? createUsage(await ctx.estimatePromptTokens(), await estimateTokens(res.choices.map((c) => c.text)), { source: 'estimated' });
  const cost = ctx.meter(usage);
  session.record.markFirstByte();
  await sendJson(ctx.reply, ctx.record, session.headers, encodeCompletionResponse(res, meta, { ...encodeOpenAIUsage(usage, cost) }), ctx.bodyExtras);
}

function unsupported(target: Target): GatewayError {
  return new GatewayError('GW_WRONG_MODEL_KIND', `The upstream of '${target.model.id}' cannot serve legacy completions.`, { param: 'model' });
}
