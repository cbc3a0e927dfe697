import { GatewayError } from '../../../core/errors.js';
import type { IrTool, IrToolChoice } from '../../ir/index.js';
import type { ResponsesRequestBody } from '../request-schema.js';

/** Flat function tools → IR tools; hosted tools (web_search, file_search ...) are refused by name. */
export function decodeTools(tools: NonNullable<ResponsesRequestBody['tools']>): IrTool[] {
  return tools.map((tool, i) => {
    if (tool.type !== 'function' || !('name' in tool) || typeof tool.name !== 'string') {
      throw new GatewayError('GW_UNSUPPORTED_PARAMETER', `Tools of type '${tool.type}' are not supported by this gateway; use function tools.`, {
        param: `tools[${i}].type`,
      });
    }
    const parameters = 'parameters' in tool && tool.parameters ? (tool.parameters as Record<string, unknown>) : { type: 'object', properties: {} };
    const description = 'description' in tool && typeof tool.description === 'string' ? tool.description : undefined;
    return { name: tool.name, parameters, ...(description !== undefined ? { description } : {}), ...('strict' in tool && tool.strict === true ? { strict: true } : {}) };
  });
}

/** `tool_choice` → IR; hosted and allowed-tools forms are refused. */
export function decodeToolChoice(choice: NonNullable<ResponsesRequestBody['tool_choice']>): IrToolChoice {
  if (typeof choice === 'string') return { type: choice };
  if (choice.type === 'function' && 'name' in choice && typeof choice.name === 'string') return { type: 'tool', name: choice.name };
  throw new GatewayError('GW_UNSUPPORTED_PARAMETER', `tool_choice of type '${choice.type}' is not supported by this gateway.`, { param: 'tool_choice' });
}
