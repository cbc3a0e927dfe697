import { GatewayError } from '../../core/errors.js';
import type { IrChatRequest, IrResponseFormat, IrToolChoice } from '../../protocol/ir/index.js';

/** Name of the tool that carries JSON-mode output (the forced-tool technique, see README). */
export const JSON_TOOL_NAME = 'json_response';

/** A tool definition of the Messages API. */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
}

/** `tools` and `tool_choice` of the body, and whether JSON mode rides on the forced tool. */
export interface ConvertedTools {
  readonly tools?: AnthropicTool[];
  readonly tool_choice?: Record<string, unknown>;
  readonly jsonMode: boolean;
}

/**
 * Map IR tools, tool choice and JSON response formats. Anthropic (API 2023-06-01) has no JSON mode,
 * so `json_object`/`json_schema` become a tool `json_response` the model is made to call; its input
 * is turned back into text by the response converters.
 */
export function convertTools(request: IrChatRequest, warnings: string[]): ConvertedTools {
  const userTools: AnthropicTool[] = (request.tools ?? []).map((tool) => ({
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    input_schema: tool.parameters,
  }));
  if (request.tools?.some((t) => t.strict)) warnings.push('strict tool schemas are not supported by Anthropic and were not enforced');
  const jsonTool = jsonResponseTool(request.responseFormat);
  if (jsonTool !== undefined) return withJsonTool(request, userTools, jsonTool);
  if (userTools.length === 0) return { jsonMode: false };
  const choice = request.toolChoice;
  if (choice?.type === 'none') return { tools: userTools, tool_choice: { type: 'none' }, jsonMode: false };
  const base = mapToolChoice(choice);
  if (request.parallelToolCalls === false) base.disable_parallel_tool_use = true;
  // Omit tool_choice when nothing was asked: auto is the upstream default.
  const explicit = choice !== undefined || request.parallelToolCalls === false;
  return { tools: userTools, ...(explicit ? { tool_choice: base } : {}), jsonMode: false };
}

/** JSON mode: the JSON tool alone (forced), or beside the user's tools with "must call some tool". */
function withJsonTool(request: IrChatRequest, userTools: AnthropicTool[], jsonTool: AnthropicTool): ConvertedTools {
  if (userTools.some((t) => t.name === JSON_TOOL_NAME)) {
    throw new GatewayError('GW_INVALID_VALUE', `A tool may not be named ${JSON_TOOL_NAME} when a JSON response format is requested`, { param: 'tools' });
  }
  if (request.reasoning !== undefined && request.reasoning.effort !== 'none') {
    // Anthropic refuses a forced tool_choice while extended thinking is on.
    throw new GatewayError('GW_UNSUPPORTED_PARAMETER', 'Anthropic cannot combine a JSON response format with reasoning', { param: 'response_format' });
  }
  const choice = request.toolChoice;
  const parallel = request.parallelToolCalls === false ? { disable_parallel_tool_use: true } : {};
  if (userTools.length === 0 || choice?.type === 'none') {
    return { tools: [jsonTool], tool_choice: { type: 'tool', name: JSON_TOOL_NAME }, jsonMode: true };
  }
  const toolChoice = choice?.type === 'tool' ? { type: 'tool', name: choice.name, ...parallel } : { type: 'any', ...parallel };
  return { tools: [...userTools, jsonTool], tool_choice: toolChoice, jsonMode: true };
}

/** IR tool choice → Anthropic's (`required` is `any`); `none` is handled by the caller. */
function mapToolChoice(choice: IrToolChoice | undefined): Record<string, unknown> {
  if (choice === undefined) return { type: 'auto' };
  if (choice.type === 'tool') return { type: 'tool', name: choice.name };
  return { type: choice.type === 'required' ? 'any' : 'auto' };
}

function jsonResponseTool(format: IrResponseFormat | undefined): AnthropicTool | undefined {
  if (format === undefined || format.type === 'text') return undefined;
  if (format.type === 'json_object') {
    return { name: JSON_TOOL_NAME, description: 'Respond with a JSON object.', input_schema: { type: 'object', additionalProperties: true } };
  }
  if (format.schema.type !== 'object') {
    throw new GatewayError('GW_INVALID_VALUE', 'Anthropic supports JSON schemas whose root is an object only', { param: 'response_format.json_schema.schema' });
  }
  const description = format.description ?? `Respond with a JSON object (${format.name}).`;
  return { name: JSON_TOOL_NAME, description, input_schema: format.schema };
}
