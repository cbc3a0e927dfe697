import type { IrCompletionResponse } from '../ir/index.js';
import { mapFinishReasonToOpenAI } from './map-finish-reason.js';

/** Encode an IR completion as OpenAI's `text_completion` object (wire-formats §4.2). */
export function encodeCompletionResponse(
  response: IrCompletionResponse,
  meta: { id: string; created: number; model: string },
  usage: Record<string, unknown> | null,
): Record<string, unknown> {
  return {
    id: meta.id,
    object: 'text_completion',
    created: meta.created,
    model: meta.model,
    choices: response.choices.map((c) => ({ index: c.index, text: c.text, finish_reason: mapFinishReasonToOpenAI(c.finishReason), logprobs: null })),
    ...(usage ? { usage } : {}),
  };
}

/** One streamed `text_completion` chunk (same object type as the non-streamed answer). */
export function encodeCompletionChunk(
  meta: { id: string; created: number; model: string },
  index: number,
  text: string,
  finishReason: string | null,
): Record<string, unknown> {
  return { id: meta.id, object: 'text_completion', created: meta.created, model: meta.model, choices: [{ index, text, finish_reason: finishReason, logprobs: null }] };
}
