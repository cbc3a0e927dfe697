import { GatewayError } from '../../core/errors.js';
import { isJsonObject, safeParseJson } from '../../core/json.js';
import type { IrImagePart, IrMessage, IrTextPart } from '../../protocol/ir/index.js';

/** A request content block (wire-formats §5.2), only the kinds the adapter produces. */
export type AnthropicRequestBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string } }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string | AnthropicRequestBlock[]; is_error?: boolean }
  | { type: 'thinking'; thinking: string; signature: string };

/** One turn of the Messages API. */
export interface AnthropicTurn {
  role: 'user' | 'assistant';
  content: AnthropicRequestBlock[];
}

/** The converted conversation: top-level `system` text and alternating turns. */
export interface ConvertedMessages {
  readonly system: string | undefined;
  readonly messages: AnthropicTurn[];
  readonly warnings: string[];
}

/**
 * IR messages → Anthropic `system` + `messages`. System messages are lifted out and joined; tool
 * results become user turns; consecutive turns of one role are merged (the API requires alternation).
 */
export function convertMessages(messages: readonly IrMessage[]): ConvertedMessages {
  const system: string[] = [];
  const turns: AnthropicTurn[] = [];
  const warnings = new Set<string>();
  messages.forEach((message, index) => {
    if (message.role === 'system') {
      system.push(message.content.map((p) => p.text).join('\n'));
      return;
    }
    const turn = convertTurn(message, index, warnings);
    const last = turns.at(-1);
    if (last !== undefined && last.role === turn.role) last.content.push(...turn.content);
    else turns.push(turn);
  });
  return { system: system.length > 0 ? system.join('\n\n') : undefined, messages: turns, warnings: [...warnings] };
}

function convertTurn(message: Exclude<IrMessage, { role: 'system' }>, index: number, warnings: Set<string>): AnthropicTurn {
  if (message.role === 'user') return { role: 'user', content: message.content.map((p) => convertUserPart(p, warnings)) };
  if (message.role === 'tool') {
    const content = message.content.every((p) => p.type === 'text')
      ? message.content.map((p) => (p as IrTextPart).text).join('')
      : message.content.map((p) => convertUserPart(p, warnings));
    const block: AnthropicRequestBlock = { type: 'tool_result', tool_use_id: message.toolCallId, content, ...(message.isError ? { is_error: true } : {}) };
    return { role: 'user', content: [block] };
  }
  const content: AnthropicRequestBlock[] = [];
  for (const part of message.content) {
    // The API rejects empty text blocks; an assistant turn with only tool calls often carries one.
    if (part.type === 'text' && part.text !== '') content.push({ type: 'text', text: part.text });
    if (part.type === 'tool-call') content.push({ type: 'tool_use', id: part.id, name: part.name, input: parseArguments(part.arguments, index) });
    if (part.type === 'reasoning') {
      // Unsigned thinking (from another upstream) cannot be echoed: the API verifies signatures.
      if (part.signature) content.push({ type: 'thinking', thinking: part.text, signature: part.signature });
      else warnings.add('reasoning without a signature was dropped from the history');
    }
  }
  return { role: 'assistant', content };
}

function convertUserPart(part: IrTextPart | IrImagePart, warnings: Set<string>): AnthropicRequestBlock {
  if (part.type === 'text') return { type: 'text', text: part.text };
  if (part.detail !== undefined && part.detail !== 'auto') warnings.add('image detail is not supported by Anthropic and was ignored');
  return { type: 'image', source: convertImageSource(part.url) };
}

/** `data:<type>;base64,<data>` → base64 source; anything else is fetched by Anthropic as a URL source. */
function convertImageSource(url: string): Extract<AnthropicRequestBlock, { type: 'image' }>['source'] {
  if (!url.startsWith('data:')) return { type: 'url', url };
  const comma = url.indexOf(',');
  const meta = url.slice('data:'.length, comma);
  if (comma < 0 || !meta.endsWith(';base64')) {
    throw new GatewayError('GW_INVALID_VALUE', 'Image data URIs must be base64 encoded (data:<media type>;base64,<data>)', { param: 'messages' });
  }
  return { type: 'base64', media_type: meta.slice(0, -';base64'.length), data: url.slice(comma + 1) };
}

/** Tool-call arguments must be a JSON object: Anthropic's `input` is an object, not a string. */
function parseArguments(text: string, index: number): Record<string, unknown> {
  const parsed = safeParseJson(text === '' ? '{}' : text);
  if (parsed.ok && isJsonObject(parsed.value)) return parsed.value;
  throw new GatewayError('GW_INVALID_VALUE', `messages[${index}]: tool call arguments must be a JSON object`, {
    param: `messages[${index}].tool_calls`,
  });
}
