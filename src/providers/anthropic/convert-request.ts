import { GatewayError } from '../../core/errors.js';
import { EFFORT_BUDGETS, type IrChatRequest } from '../../protocol/ir/index.js';
import { convertMessages } from './convert-messages.js';
import { convertTools } from './convert-tools.js';

/** `max_tokens` when the IR sets none; Anthropic requires the field (the gateway normally sets it). */
export const DEFAULT_MAX_TOKENS = 4096;

/** Smallest thinking budget Anthropic accepts. */
const MIN_THINKING_BUDGET = 1024;

/** A Messages request body ready to send, the warnings for the client, and whether JSON mode is on. */
export interface AnthropicRequestPlan {
  readonly body: Record<string, unknown>;
  /** Parameters the upstream cannot honour and that were dropped (STYLE rule 7). */
  readonly warnings: readonly string[];
  /** The `json_response` tool carries the answer; convert its input back to text. */
  readonly jsonMode: boolean;
}

/** Convert an IR chat request to an Anthropic Messages body. Throws GatewayError on values Anthropic cannot take. */
export function convertRequest(request: IrChatRequest, options: { readonly stream: boolean }): AnthropicRequestPlan {
  refuseUnsupported(request);
  const converted = convertMessages(request.messages);
  const warnings = [...converted.warnings, ...droppedParameterWarnings(request)];
  const { jsonMode, ...tools } = convertTools(request, warnings);
  const budget = thinkingBudget(request);
  const output = request.maxOutputTokens ?? DEFAULT_MAX_TOKENS;
  const body: Record<string, unknown> = {
    model: request.model,
    // Anthropic counts thinking inside max_tokens; add the budget so the requested output allowance survives.
    max_tokens: budget === undefined ? output : budget + output,
    ...(converted.system !== undefined ? { system: converted.system } : {}),
    messages: converted.messages,
    ...tools,
    ...(request.stop !== undefined && request.stop.length > 0 ? { stop_sequences: request.stop } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.topP !== undefined ? { top_p: request.topP } : {}),
    ...(request.topK !== undefined ? { top_k: request.topK } : {}),
    ...(budget !== undefined ? { thinking: { type: 'enabled', budget_tokens: budget } } : {}),
    ...(request.user !== undefined ? { metadata: { user_id: request.user } } : {}),
    ...(options.stream ? { stream: true } : {}),
  };
  return { body, warnings, jsonMode };
}

/** Values Anthropic would reject or could only honour by changing them: refused, never clamped. */
function refuseUnsupported(request: IrChatRequest): void {
  if (request.n !== undefined && request.n > 1) {
    throw new GatewayError('GW_UNSUPPORTED_PARAMETER', 'Anthropic returns one choice per request; n must be 1', { param: 'n' });
  }
  if (request.temperature !== undefined && (request.temperature < 0 || request.temperature > 1)) {
    throw new GatewayError('GW_INVALID_VALUE', `temperature ${request.temperature} is out of range: this upstream (Anthropic) accepts 0 to 1`, {
      param: 'temperature',
    });
  }
  const budget = request.reasoning?.budgetTokens;
  if (budget !== undefined && budget < MIN_THINKING_BUDGET) {
    throw new GatewayError('GW_INVALID_VALUE', `The reasoning budget must be at least ${MIN_THINKING_BUDGET} tokens for Anthropic`, {
      param: 'reasoning.budget_tokens',
    });
  }
}

/** Thinking budget: an explicit budget wins, else the effort table; undefined means no thinking. */
function thinkingBudget(request: IrChatRequest): number | undefined {
  const reasoning = request.reasoning;
  if (reasoning === undefined) return undefined;
  if (reasoning.budgetTokens !== undefined) return reasoning.budgetTokens;
  if (reasoning.effort === undefined || reasoning.effort === 'none') return undefined;
  return EFFORT_BUDGETS[reasoning.effort];
}

function droppedParameterWarnings(request: IrChatRequest): string[] {
  const dropped: string[] = [];
  if (request.seed !== undefined) dropped.push('seed');
  if (request.presencePenalty !== undefined) dropped.push('presence_penalty');
  if (request.frequencyPenalty !== undefined) dropped.push('frequency_penalty');
  dropped.push(...Object.keys(request.extra ?? {}));
  return dropped.map((name) => `${name} is not supported by Anthropic and was ignored`);
}
