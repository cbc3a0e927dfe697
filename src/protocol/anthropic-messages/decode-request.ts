import { GatewayError } from '../../core/errors.js';
import type { IrChatRequest, IrImagePart, IrMessage, IrReasoningPart, IrTextPart, IrTool, IrToolCallPart, IrToolChoice } from '../ir/index.js';
import type { CountTokensRequestBody, MessagesContentBlock, MessagesRequestBody, MessagesTurn } from './request-schema.js';

/** Convert a validated Messages body into the IR, `model` replaced by the upstream's name. */
export function decodeMessagesRequest(body: MessagesRequestBody | CountTokensRequestBody, upstreamModel: string): IrChatRequest {
  const messages: IrMessage[] = [];
  if (body.system !== undefined) {
    const text = typeof body.system === 'string' ? body.system : body.system.map((b) => b.text).join('\n');
    if (text !== '') messages.push({ role: 'system', content: [{ type: 'text', text }] });
  }
  body.messages.forEach((turn, i) => messages.push(...decodeTurn(turn, i)));
  const choice = body.tool_choice;
  const reasoning = decodeReasoning(body);
  const format = body.output_config?.format;
  const maxTokens = 'max_tokens' in body ? body.max_tokens : undefined;
  return {
    model: upstreamModel,
    messages,
    ...(body.tools ? { tools: body.tools.map((t, i) => decodeTool(t, i)) } : {}),
    ...(choice !== undefined ? { toolChoice: decodeToolChoice(choice) } : {}),
    ...(choice !== undefined && 'disable_parallel_tool_use' in choice && choice.disable_parallel_tool_use === true ? { parallelToolCalls: false } : {}),
    ...(format ? { responseFormat: { type: 'json_schema', name: 'output', schema: format.schema } } : {}),
    ...(typeof maxTokens === 'number' ? { maxOutputTokens: maxTokens } : {}),
    ...(body.temperature !== undefined ? { temperature: body.temperature } : {}),
    ...(body.top_p !== undefined ? { topP: body.top_p } : {}),
    ...(body.top_k !== undefined ? { topK: body.top_k } : {}),
    ...(body.stop_sequences !== undefined && body.stop_sequences.length > 0 ? { stop: body.stop_sequences } : {}),
    ...(reasoning !== undefined ? { reasoning } : {}),
    ...(body.metadata?.user_id ? { user: body.metadata.user_id } : {}),
  };
}

function decodeReasoning(body: MessagesRequestBody | CountTokensRequestBody): IrChatRequest['reasoning'] {
  const thinking = body.thinking;
  if (thinking?.type === 'enabled') return { budgetTokens: thinking.budget_tokens };
  const effort = body.output_config?.effort;
  if (thinking?.type === 'adaptive' || effort !== undefined) return { effort: effort === 'max' ? 'high' : (effort ?? 'medium') };
  return undefined;
}

function decodeTool(tool: NonNullable<MessagesRequestBody['tools']>[number], index: number): IrTool {
  if (tool.type !== undefined && tool.type !== 'custom') {
    throw new GatewayError('GW_UNSUPPORTED_PARAMETER', `Server tools ('${tool.type}') are not supported by this gateway; use custom tools.`, {
      param: `tools[${index}].type`,
    });
  }
  return {
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    parameters: tool.input_schema ?? { type: 'object', properties: {} },
    ...(tool.strict ? { strict: true } : {}),
  };
}

function decodeToolChoice(choice: NonNullable<MessagesRequestBody['tool_choice']>): IrToolChoice {
  if (choice.type === 'tool') return { type: 'tool', name: choice.name };
  if (choice.type === 'any') return { type: 'required' };
  return { type: choice.type };
}

/** One Anthropic turn → IR messages; tool results become `tool` messages placed before the user's text. */
function decodeTurn(turn: MessagesTurn, index: number): IrMessage[] {
  const blocks: MessagesContentBlock[] = typeof turn.content === 'string' ? [{ type: 'text', text: turn.content }] : turn.content;
  const param = (j: number): string => `messages[${index}].content[${j}]`;
  if (turn.role === 'system') return [{ role: 'system', content: blocks.map((b, j) => asText(b, param(j))) }];
  if (turn.role === 'assistant') {
    const content = blocks.map((b, j) => decodeAssistantBlock(b, param(j))).filter((p) => !(p.type === 'text' && p.text === ''));
    return [{ role: 'assistant', content }];
  }
  const out: IrMessage[] = [];
  const user: (IrTextPart | IrImagePart)[] = [];
  blocks.forEach((block, j) => {
    if (block.type === 'tool_result') {
      const content = typeof block.content === 'string' ? [{ type: 'text' as const, text: block.content }] : (block.content ?? []).map((b, k) => decodeUserBlock(b, `${param(j)}.content[${k}]`));
      out.push({ role: 'tool', toolCallId: block.tool_use_id, content, ...(block.is_error ? { isError: true } : {}) });
    } else {
      user.push(decodeUserBlock(block, param(j)));
    }
  });
  if (user.length > 0 || out.length === 0) out.push({ role: 'user', content: user });
  return out;
}

function decodeUserBlock(block: MessagesContentBlock, param: string): IrTextPart | IrImagePart {
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'image') {
    const source = block.source;
    if (source.type === 'base64') return { type: 'image', url: `data:${source.media_type};base64,${source.data}` };
    if (source.type === 'url') return { type: 'image', url: source.url };
  }
  throw unsupportedBlock(block, param);
}

function decodeAssistantBlock(block: MessagesContentBlock, param: string): IrTextPart | IrToolCallPart | IrReasoningPart {
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'tool_use') return { type: 'tool-call', id: block.id, name: block.name, arguments: JSON.stringify(block.input) };
  if (block.type === 'thinking') return { type: 'reasoning', text: block.thinking, ...(block.signature ? { signature: block.signature } : {}) };
  throw unsupportedBlock(block, param);
}

function asText(block: MessagesContentBlock, param: string): IrTextPart {
  if (block.type === 'text') return { type: 'text', text: block.text };
  throw unsupportedBlock(block, param);
}

function unsupportedBlock(block: MessagesContentBlock, param: string): GatewayError {
  const what = block.type === 'image' ? `Image source '${block.source.type}' is` : `Content blocks of type '${block.type}' are`;
  return new GatewayError('GW_UNSUPPORTED_PARAMETER', `${what} not supported by this upstream.`, { param });
}
