import type { IrChatRequest, IrMessage, IrReasoningEffort } from '../../protocol/ir/index.js';

/** A chat request body ready to send and the warnings for the client. */
export interface OpenAIRequestPlan {
  readonly body: Record<string, unknown>;
  /** Parameters the upstream cannot honour and that were dropped (STYLE rule 7). */
  readonly warnings: readonly string[];
}

/** Reasoning effort for an explicit token budget (OpenAI takes levels, not budgets). */
function effortForBudget(budget: number): IrReasoningEffort {
  if (budget <= 2048) return 'low';
  return budget <= 8192 ? 'medium' : 'high';
}

/** Convert an IR chat request to an OpenAI chat-completions body; `extra` fields are passed on (same dialect). */
export function convertRequest(request: IrChatRequest, options: { readonly stream: boolean }): OpenAIRequestPlan {
  const warnings = new Set<string>();
  const reasoning = request.reasoning;
  const effort = reasoning?.effort ?? (reasoning?.budgetTokens !== undefined ? effortForBudget(reasoning.budgetTokens) : undefined);
  if (request.topK !== undefined) warnings.add('top_k is not supported by OpenAI-style upstreams and was ignored');
  const format = request.responseFormat;
  const body: Record<string, unknown> = {
    ...(request.extra ?? {}),
    model: request.model,
    messages: request.messages.map((m) => convertMessage(m, warnings)),
    ...(request.tools && request.tools.length > 0
      ? { tools: request.tools.map((t) => ({ type: 'function', function: { name: t.name, ...(t.description !== undefined ? { description: t.description } : {}), parameters: t.parameters, ...(t.strict ? { strict: true } : {}) } })) }
      : {}),
    ...(request.toolChoice !== undefined ? { tool_choice: request.toolChoice.type === 'tool' ? { type: 'function', function: { name: request.toolChoice.name } } : request.toolChoice.type } : {}),
    ...(request.parallelToolCalls !== undefined && request.tools?.length ? { parallel_tool_calls: request.parallelToolCalls } : {}),
    ...(format !== undefined
      ? { response_format: format.type === 'json_schema' ? { type: 'json_schema', json_schema: { name: format.name, schema: format.schema, ...(format.strict ? { strict: true } : {}), ...(format.description !== undefined ? { description: format.description } : {}) } } : { type: format.type } }
      : {}),
    ...(request.maxOutputTokens !== undefined ? { max_tokens: request.maxOutputTokens } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.topP !== undefined ? { top_p: request.topP } : {}),
    ...(request.stop !== undefined && request.stop.length > 0 ? { stop: request.stop } : {}),
    ...(request.seed !== undefined ? { seed: request.seed } : {}),
    ...(request.n !== undefined ? { n: request.n } : {}),
    ...(request.presencePenalty !== undefined ? { presence_penalty: request.presencePenalty } : {}),
    ...(request.frequencyPenalty !== undefined ? { frequency_penalty: request.frequencyPenalty } : {}),
    ...(effort !== undefined ? { reasoning_effort: effort } : {}),
    ...(request.user !== undefined ? { user: request.user } : {}),
    ...(options.stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  };
  return { body, warnings: [...warnings] };
}

function textOf(parts: readonly { type: string; text?: string }[]): string {
  return parts.map((p) => p.text ?? '').join('');
}

function convertMessage(message: IrMessage, warnings: Set<string>): Record<string, unknown> {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: textOf(message.content) };
    case 'user': {
      if (message.content.every((p) => p.type === 'text')) return { role: 'user', content: textOf(message.content) };
      const parts = message.content.map((p) =>
        p.type === 'text' ? { type: 'text', text: p.text } : { type: 'image_url', image_url: { url: p.url, ...(p.detail ? { detail: p.detail } : {}) } },
      );
      return { role: 'user', content: parts };
    }
    case 'assistant': {
      const calls = message.content.filter((p) => p.type === 'tool-call');
      if (message.content.some((p) => p.type === 'reasoning')) warnings.add('reasoning in the history is not accepted by OpenAI-style upstreams and was dropped');
      const text = textOf(message.content.filter((p) => p.type === 'text'));
      return {
        role: 'assistant',
        content: text === '' && calls.length > 0 ? null : text,
        ...(calls.length > 0 ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
      };
    }
    case 'tool':
      if (message.content.some((p) => p.type === 'image')) warnings.add('images in tool results are not supported by OpenAI-style upstreams and were dropped');
      return { role: 'tool', tool_call_id: message.toolCallId, content: textOf(message.content.filter((p) => p.type === 'text')) };
  }
}
