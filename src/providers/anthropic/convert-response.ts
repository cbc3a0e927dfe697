import { safeParseJson } from '../../core/json.js';
import type { IrChatResponse, IrFinishReason, IrReasoningPart, IrTextPart, IrToolCallPart } from '../../protocol/ir/index.js';
import { anthropicMessageSchema, type AnthropicMessage } from './api.js';
import { JSON_TOOL_NAME } from './convert-tools.js';
import { convertUsage } from './convert-usage.js';
import { createInvalidResponseError } from './errors.js';
import { mapFinishReason } from './map-finish-reason.js';

/** Parse and validate a non-streaming Messages body; throws GW_UPSTREAM_INVALID_RESPONSE. */
export function parseMessage(providerId: string, text: string): AnthropicMessage {
  const json = safeParseJson(text);
  if (!json.ok) throw createInvalidResponseError(providerId, 'the body is not JSON', json.error);
  const parsed = anthropicMessageSchema.safeParse(json.value);
  if (!parsed.success) throw createInvalidResponseError(providerId, 'unexpected message shape', parsed.error);
  return parsed.data;
}

/**
 * Convert a Messages response to the IR. In JSON mode the `json_response` tool call becomes the text
 * answer, and its `tool_use` stop reason a plain stop.
 */
export function convertResponse(message: AnthropicMessage, options: { readonly jsonMode: boolean }): IrChatResponse {
  const content: (IrTextPart | IrToolCallPart | IrReasoningPart)[] = [];
  let jsonAnswered = false;
  let toolCalled = false;
  for (const block of message.content) {
    if (block.type === 'text' && 'text' in block) content.push({ type: 'text', text: block.text });
    else if (block.type === 'thinking' && 'thinking' in block) {
      content.push({ type: 'reasoning', text: block.thinking, ...(block.signature ? { signature: block.signature } : {}) });
    } else if (block.type === 'tool_use' && 'input' in block) {
      if (options.jsonMode && block.name === JSON_TOOL_NAME) {
        jsonAnswered = true;
        content.push({ type: 'text', text: JSON.stringify(block.input ?? {}) });
      } else {
        toolCalled = true;
        content.push({ type: 'tool-call', id: block.id, name: block.name, arguments: JSON.stringify(block.input ?? {}) });
      }
    }
    // redacted_thinking, server tool blocks and future types have no IR slot and are skipped.
  }
  const rawFinishReason = message.stop_reason ?? null;
  const choice = {
    index: 0,
    content,
    finishReason: finishReasonOf(rawFinishReason, jsonAnswered && !toolCalled),
    rawFinishReason,
    stopSequence: message.stop_sequence ?? null,
  };
  return { id: message.id, model: message.model, choices: [choice], usage: message.usage ? convertUsage(message.usage) : null };
}

/** The finish reason, with a forced JSON-mode tool call counted as a normal stop. */
export function finishReasonOf(raw: string | null, jsonOnly: boolean): IrFinishReason {
  return jsonOnly && raw === 'tool_use' ? 'stop' : mapFinishReason(raw);
}
