import type { IrChatRequest, IrMessage, IrResponseFormat } from '../ir/index.js';
import { decodeInput } from './input-items/decode-input.js';
import type { ResponsesRequestBody } from './request-schema.js';
import { decodeToolChoice, decodeTools } from './tools/decode-tools.js';

/**
 * Convert a validated Responses body into the IR. `history` is the stored conversation of
 * `previous_response_id` (instructions are not carried over: wire-formats §6.1).
 */
export function decodeResponsesRequest(body: ResponsesRequestBody, upstreamModel: string, history: readonly IrMessage[] = []): IrChatRequest {
  const messages: IrMessage[] = [];
  if (body.instructions) messages.push({ role: 'system', content: [{ type: 'text', text: body.instructions }] });
  messages.push(...history, ...decodeInput(body.input));
  const format = body.text?.format;
  const effort = body.reasoning?.effort;
  const user = body.user ?? body.safety_identifier;
  return {
    model: upstreamModel,
    messages,
    ...(body.tools && body.tools.length > 0 ? { tools: decodeTools(body.tools) } : {}),
    ...(body.tool_choice !== undefined ? { toolChoice: decodeToolChoice(body.tool_choice) } : {}),
    ...(body.parallel_tool_calls != null ? { parallelToolCalls: body.parallel_tool_calls } : {}),
    ...(format ? { responseFormat: decodeFormat(format) } : {}),
    ...(body.max_output_tokens != null ? { maxOutputTokens: body.max_output_tokens } : {}),
    ...(body.temperature != null ? { temperature: body.temperature } : {}),
    ...(body.top_p != null ? { topP: body.top_p } : {}),
    ...(effort != null ? { reasoning: { effort: effort === 'xhigh' ? 'high' : effort } } : {}),
    ...(user !== undefined ? { user } : {}),
  };
}

function decodeFormat(format: NonNullable<NonNullable<ResponsesRequestBody['text']>['format']>): IrResponseFormat {
  if (format.type !== 'json_schema') return { type: format.type };
  return {
    type: 'json_schema',
    name: format.name,
    schema: format.schema,
    ...(format.strict ? { strict: true } : {}),
    ...(format.description !== undefined ? { description: format.description } : {}),
  };
}
