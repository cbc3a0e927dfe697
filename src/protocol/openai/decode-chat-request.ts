import { GatewayError } from '../../core/errors.js';
import { isJsonObject } from '../../core/json.js';
import type {
  IrChatRequest,
  IrImagePart,
  IrMessage,
  IrReasoningEffort,
  IrResponseFormat,
  IrTextPart,
  IrToolChoice,
} from '../ir/index.js';
import type { ChatMessageBody, ChatRequestBody } from './chat-request-schema.js';

/** Chat fields the IR has a slot for; everything else goes to `extra`. */
const MAPPED = new Set([
  'model', 'messages', 'temperature', 'top_p', 'n', 'stop', 'seed', 'presence_penalty', 'frequency_penalty',
  'max_tokens', 'max_completion_tokens', 'stream', 'stream_options', 'tools', 'tool_choice', 'parallel_tool_calls',
  'response_format', 'reasoning_effort', 'user', 'thinking',
]);

/** Convert a validated chat body into the IR, with `model` replaced by the upstream's model name. */
export function decodeChatRequest(body: ChatRequestBody, upstreamModel: string): IrChatRequest {
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!MAPPED.has(k) && v !== undefined) extra[k] = v;
  const maxOutputTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
  const tools = body.tools?.map((t, i) => {
    if (t.type !== 'function') throw untranslatable(`tools[${i}]`, "custom tools (type 'custom')");
    return { name: t.function.name, description: t.function.description, parameters: t.function.parameters ?? { type: 'object', properties: {} }, ...(t.function.strict ? { strict: true } : {}) };
  });
  const choice = body.tool_choice === undefined ? undefined : decodeToolChoice(body.tool_choice);
  const allowed = choice?.allowed;
  return {
    model: upstreamModel,
    messages: body.messages.map((m, i) => decodeMessage(m, i)),
    ...(tools ? { tools: allowed === undefined ? tools : tools.filter((t) => allowed.has(t.name)) } : {}),
    ...(choice !== undefined ? { toolChoice: choice.choice } : {}),
    ...(body.parallel_tool_calls !== undefined ? { parallelToolCalls: body.parallel_tool_calls } : {}),
    ...(body.response_format ? { responseFormat: decodeResponseFormat(body.response_format) } : {}),
    ...(maxOutputTokens != null ? { maxOutputTokens } : {}),
    ...(body.temperature != null ? { temperature: body.temperature } : {}),
    ...(body.top_p != null ? { topP: body.top_p } : {}),
    ...(body.stop != null ? { stop: typeof body.stop === 'string' ? [body.stop] : body.stop } : {}),
    ...(body.seed != null ? { seed: body.seed } : {}),
    ...(body.n != null ? { n: body.n } : {}),
    ...(body.presence_penalty != null ? { presencePenalty: body.presence_penalty } : {}),
    ...(body.frequency_penalty != null ? { frequencyPenalty: body.frequency_penalty } : {}),
    ...decodeReasoning(body),
    ...(body.user !== undefined ? { user: body.user } : {}),
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

/** `reasoning_effort`, and the gateway's `thinking` extension (a token budget) which wins when both are set. */
function decodeReasoning(body: ChatRequestBody): Pick<IrChatRequest, 'reasoning'> {
  const thinking = body.thinking;
  const budget = isJsonObject(thinking) && thinking.type === 'enabled' && typeof thinking.budget_tokens === 'number' ? thinking.budget_tokens : undefined;
  const effort = body.reasoning_effort != null ? decodeEffort(body.reasoning_effort) : undefined;
  if (budget === undefined && effort === undefined) return {};
  return { reasoning: { ...(effort !== undefined ? { effort } : {}), ...(budget !== undefined ? { budgetTokens: budget } : {}) } };
}

function decodeEffort(effort: NonNullable<ChatRequestBody['reasoning_effort']>): IrReasoningEffort {
  return effort === 'xhigh' || effort === 'max' ? 'high' : effort;
}

function text(content: string | readonly { text: string }[]): IrTextPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.map((p) => ({ type: 'text', text: p.text }));
}

function decodeMessage(m: ChatMessageBody, index: number): IrMessage {
  switch (m.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: text(m.content) };
    case 'user': {
      if (typeof m.content === 'string') return { role: 'user', content: [{ type: 'text', text: m.content }] };
      const parts: (IrTextPart | IrImagePart)[] = m.content.map((p, j) => {
        if (p.type === 'text') return { type: 'text', text: p.text };
        if (p.type === 'image_url') {
          return { type: 'image', url: p.image_url.url, ...(p.image_url.detail ? { detail: p.image_url.detail } : {}) };
        }
        throw new GatewayError('GW_UNSUPPORTED_PARAMETER', `Content parts of type '${p.type}' are not supported by this model.`, {
          param: `messages[${index}].content[${j}]`,
        });
      });
      return { role: 'user', content: parts };
    }
    case 'assistant': {
      const content: IrMessage['content'][number][] = [];
      if (typeof m.content === 'string' && m.content !== '') content.push({ type: 'text', text: m.content });
      if (Array.isArray(m.content)) {
        for (const p of m.content) if (p.type === 'text' && typeof p.text === 'string') content.push({ type: 'text', text: p.text });
      }
      for (const [j, call] of (m.tool_calls ?? []).entries()) {
        if (call.type !== 'function') throw untranslatable(`messages[${index}].tool_calls[${j}]`, "calls of custom tools (type 'custom')");
        content.push({ type: 'tool-call', id: call.id, name: call.function.name, arguments: call.function.arguments });
      }
      return { role: 'assistant', content: content as Extract<IrMessage, { role: 'assistant' }>['content'] };
    }
    case 'tool':
      return { role: 'tool', toolCallId: m.tool_call_id, content: text(m.content) };
    case 'function':
      throw untranslatable(`messages[${index}].role`, "legacy function messages (role 'function'); send role 'tool' with a tool_call_id");
  }
}

/**
 * `tool_choice` in the IR; `allowed_tools` becomes its mode plus the names the tool list is narrowed
 * to (the same effect: the model may call only those). A custom tool cannot be chosen.
 */
function decodeToolChoice(choice: NonNullable<ChatRequestBody['tool_choice']>): { choice: IrToolChoice; allowed?: ReadonlySet<string> } {
  if (typeof choice === 'string') return { choice: { type: choice } };
  if (choice.type === 'function') return { choice: { type: 'tool', name: choice.function.name } };
  if (choice.type === 'custom') throw untranslatable('tool_choice', "choosing a custom tool (type 'custom')");
  const names = choice.allowed_tools.tools.map((t) => (isJsonObject(t.function) && typeof t.function.name === 'string' ? t.function.name : null));
  if (names.some((n) => n === null)) throw untranslatable('tool_choice.allowed_tools.tools', 'allowed tools other than functions');
  return { choice: { type: choice.allowed_tools.mode }, allowed: new Set(names as string[]) };
}

/** 400 `unsupported_parameter`: the request is valid, but a translated upstream cannot express this. */
function untranslatable(param: string, what: string): GatewayError {
  return new GatewayError('GW_UNSUPPORTED_PARAMETER', `This model's upstream does not speak the chat completions API, and the translation cannot express ${what}.`, { param });
}

function decodeResponseFormat(format: NonNullable<ChatRequestBody['response_format']>): IrResponseFormat {
  if (format.type === 'json_schema') {
    const js = format.json_schema;
    return {
      type: 'json_schema',
      name: js.name,
      schema: js.schema ?? {},
      ...(js.strict ? { strict: true } : {}),
      ...(js.description !== undefined ? { description: js.description } : {}),
    };
  }
  return { type: format.type };
}
