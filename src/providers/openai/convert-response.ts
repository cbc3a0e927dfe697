import { GatewayError } from '../../core/errors.js';
import { safeParseJson } from '../../core/json.js';
import type { IrChatResponse, IrReasoningPart, IrTextPart, IrToolCallPart } from '../../protocol/ir/index.js';
import { decodeOpenAIUsage } from '../../protocol/openai/decode-usage.js';
import { chatCompletionSchema } from './api.js';
import { mapFinishReason } from './map-finish-reason.js';

/** Parse and convert a non-streaming `chat.completion` body; throws GW_UPSTREAM_INVALID_RESPONSE. */
export function convertResponse(providerId: string, text: string): IrChatResponse {
  const json = safeParseJson(text);
  const parsed = json.ok ? chatCompletionSchema.safeParse(json.value) : null;
  if (parsed === null || !parsed.success) {
    throw new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${providerId} sent an invalid chat completion.`, {
      cause: parsed === null ? (json.ok ? undefined : json.error) : parsed.error,
    });
  }
  const completion = parsed.data;
  const choices = completion.choices.map((choice, i) => {
    const message = choice.message;
    const content: (IrTextPart | IrToolCallPart | IrReasoningPart)[] = [];
    const reasoning = message.reasoning_content ?? message.reasoning;
    if (reasoning) content.push({ type: 'reasoning', text: reasoning });
    if (message.content) content.push({ type: 'text', text: message.content });
    for (const call of message.tool_calls ?? []) content.push({ type: 'tool-call', id: call.id, name: call.function.name, arguments: call.function.arguments ?? '' });
    const raw = choice.finish_reason ?? null;
    return { index: choice.index ?? i, content, finishReason: mapFinishReason(raw), rawFinishReason: raw };
  });
  return { id: completion.id ?? '', model: completion.model ?? '', choices, usage: decodeOpenAIUsage(completion.usage) };
}
