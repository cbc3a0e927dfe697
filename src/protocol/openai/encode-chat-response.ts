import type { IrChatResponse } from '../ir/index.js';
import type { OpenAIUsageBody } from './encode-usage.js';
import { mapFinishReasonToOpenAI } from './map-finish-reason.js';

/** Encode an IR chat response as an OpenAI `chat.completion` object (wire-formats §1.3). */
export function encodeChatResponse(
  response: IrChatResponse,
  meta: { id: string; created: number; model: string; serviceTier?: string },
  usage: OpenAIUsageBody | null,
): Record<string, unknown> {
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    ...(meta.serviceTier === undefined ? {} : { service_tier: meta.serviceTier }),
    choices: response.choices.map((choice) => {
      const textParts = choice.content.filter((p) => p.type === 'text');
      const calls = choice.content.filter((p) => p.type === 'tool-call');
      const reasoning = choice.content.filter((p) => p.type === 'reasoning');
      const message: Record<string, unknown> = {
        role: 'assistant',
        content: textParts.length > 0 ? textParts.map((p) => p.text).join('') : null,
        refusal: null,
        annotations: [],
      };
      if (reasoning.length > 0) message.reasoning_content = reasoning.map((p) => p.text).join('');
      if (calls.length > 0) {
        message.tool_calls = calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
      }
      return { index: choice.index, message, logprobs: null, finish_reason: mapFinishReasonToOpenAI(choice.finishReason) };
    }),
    ...(usage ? { usage } : {}),
  };
}
