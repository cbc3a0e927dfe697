import { GatewayError } from '../../core/errors.js';
import type { IrCompletionRequest } from '../ir/index.js';
import type { CompletionRequestBody } from './completion-request-schema.js';

/** Convert a validated completion body into the IR; token-id prompts are not supported off passthrough. */
export function decodeCompletionRequest(body: CompletionRequestBody, upstreamModel: string): IrCompletionRequest {
  const prompts = typeof body.prompt === 'string' ? [body.prompt] : body.prompt;
  if (!prompts.every((p): p is string => typeof p === 'string')) {
    throw new GatewayError('GW_UNSUPPORTED_PARAMETER', 'Token-id prompts are only supported by OpenAI-compatible upstreams.', { param: 'prompt' });
  }
  return {
    model: upstreamModel,
    prompt: prompts,
    ...(body.suffix != null ? { suffix: body.suffix } : {}),
    ...(body.max_tokens != null ? { maxOutputTokens: body.max_tokens } : {}),
    ...(body.temperature != null ? { temperature: body.temperature } : {}),
    ...(body.top_p != null ? { topP: body.top_p } : {}),
    ...(body.stop != null ? { stop: typeof body.stop === 'string' ? [body.stop] : body.stop } : {}),
    ...(body.seed != null ? { seed: body.seed } : {}),
    ...(body.n != null ? { n: body.n } : {}),
    ...(body.echo != null ? { echo: body.echo } : {}),
    ...(body.presence_penalty != null ? { presencePenalty: body.presence_penalty } : {}),
    ...(body.frequency_penalty != null ? { frequencyPenalty: body.frequency_penalty } : {}),
    ...(body.user !== undefined ? { user: body.user } : {}),
  };
}
