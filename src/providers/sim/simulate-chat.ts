import { createUsage } from '../../protocol/ir/index.js';
import type { IrChatRequest, IrChoice, IrReasoningEffort, IrReasoningPart, IrTool, IrToolCallPart, IrUsage } from '../../protocol/ir/index.js';
import { countTextTokens } from './count-tokens.js';
import { generateFromSchema } from './generate-from-schema.js';
import { clipText, generateReasoningText, generateReplyText, QUOTE_CHARS, type SimVariation } from './generate-text.js';
import { limitOutput, resolveMaxTokens, type LimitedText } from './limit-output.js';
import { stripTriggers } from './parse-triggers.js';
import { planToolCalls } from './plan-tool-calls.js';
import { readConversation, type ConversationView, type ToolResultView } from './read-conversation.js';
import { hashParts } from './seeded-random.js';

/** Most choices one request may ask for (OpenAI's own ceiling). */
export const MAX_CHOICES = 128;
/** Characters of a tool result quoted in the follow-up answer. */
const TOOL_RESULT_QUOTE_CHARS = 200;

/** The simulated answer to a chat request: choices and exact usage. */
export interface SimChatResult {
  readonly choices: readonly IrChoice[];
  readonly usage: IrUsage;
}

/** Everything the choices of one request share. */
interface ChatPlan {
  readonly request: IrChatRequest;
  readonly view: ConversationView;
  /** The last user message without `[sim:...]` directives. */
  readonly prompt: string;
  readonly tools: readonly IrTool[];
  readonly maxTokens: number;
  readonly effort: IrReasoningEffort | null;
}

/** A choice plus its output-token counts. */
interface SimChoice {
  readonly choice: IrChoice;
  readonly outputTokens: number;
  readonly reasoningTokens: number;
}

/** Number of choices asked for: `n` as a whole number in [1, {@link MAX_CHOICES}], default 1. */
export function resolveChoiceCount(n: number | undefined): number {
  if (n === undefined || !Number.isFinite(n)) return 1;
  return Math.min(MAX_CHOICES, Math.max(1, Math.floor(n)));
}

/** Simulate a chat completion deterministically (see README for the rules); `promptTokens` from `countChatPromptTokens`. */
export function simulateChat(request: IrChatRequest, promptTokens: number): SimChatResult {
  const messages = request.messages ?? [];
  const view = readConversation(messages);
  const effort = request.reasoning ? (request.reasoning.effort ?? 'medium') : null;
  const plan: ChatPlan = {
    request,
    view,
    prompt: stripTriggers(view.userText),
    tools: planToolCalls(request, view, messages.at(-1)?.role),
    maxTokens: resolveMaxTokens(request.maxOutputTokens),
    effort: effort === 'none' ? null : effort,
  };
  const simulated = Array.from({ length: resolveChoiceCount(request.n) }, (_, index) => simulateChoice(plan, index));
  const output = simulated.reduce((sum, c) => sum + c.outputTokens, 0);
  const reasoning = simulated.reduce((sum, c) => sum + c.reasoningTokens, 0);
  return { choices: simulated.map((c) => c.choice), usage: createUsage(promptTokens, output, { reasoning }) };
}

/** One choice: reasoning (when asked), then tool calls or text, within the token limit. */
function simulateChoice(plan: ChatPlan, index: number): SimChoice {
  const variation: SimVariation = { choice: index, seed: plan.request.seed, temperature: plan.request.temperature };
  const reasoning = simulateReasoning(plan, variation);
  const reasoningParts: IrReasoningPart[] = reasoning && reasoning.text !== '' ? [{ type: 'reasoning', text: reasoning.text }] : [];
  const reasoningTokens = reasoning?.tokens ?? 0;
  const remaining = plan.maxTokens - reasoningTokens;
  if (reasoning?.finishReason === 'length' && remaining <= 0) {
    return finished(index, reasoningParts, reasoningTokens, reasoningTokens, { finishReason: 'length', stopSequence: null });
  }
  if (plan.tools.length > 0) {
    const calls = plan.tools.map((tool, callIndex) => createToolCall(plan, tool, index, callIndex));
    const callTokens = calls.reduce((sum, call) => sum + countTextTokens(call.name) + countTextTokens(call.arguments), 0);
    const choice: IrChoice = { index, content: [...reasoningParts, ...calls], finishReason: 'tool-calls', rawFinishReason: 'tool_calls', stopSequence: null };
    return { choice, outputTokens: reasoningTokens + callTokens, reasoningTokens };
  }
  const text = limitOutput(composeText(plan, variation), remaining, plan.request.stop ?? []);
  const parts = text.text === '' ? reasoningParts : [...reasoningParts, { type: 'text' as const, text: text.text }];
  return finished(index, parts, reasoningTokens + text.tokens, reasoningTokens, text);
}

function finished(
  index: number,
  content: IrChoice['content'],
  outputTokens: number,
  reasoningTokens: number,
  end: Pick<LimitedText, 'finishReason' | 'stopSequence'>,
): SimChoice {
  const choice: IrChoice = { index, content, finishReason: end.finishReason, rawFinishReason: end.finishReason, stopSequence: end.stopSequence };
  return { choice, outputTokens, reasoningTokens };
}

/** The reasoning paragraph within `budgetTokens` and the output limit, or null when not asked for. */
function simulateReasoning(plan: ChatPlan, variation: SimVariation): LimitedText | null {
  if (plan.effort === null) return null;
  const budget = plan.request.reasoning?.budgetTokens;
  const limit = budget === undefined || !Number.isFinite(budget) ? plan.maxTokens : Math.min(plan.maxTokens, Math.max(0, Math.floor(budget)));
  return limitOutput(generateReasoningText(plan.prompt, plan.effort, variation), limit);
}

/** The natural answer text: a JSON document in JSON mode, a quote of tool results, or the reply. */
function composeText(plan: ChatPlan, variation: SimVariation): string {
  const format = plan.request.responseFormat;
  if (format?.type === 'json_schema') return JSON.stringify(generateFromSchema(format.schema, { text: plan.prompt }));
  const toolAnswer = plan.view.toolResults === null ? null : describeToolResults(plan.view.toolResults);
  if (format?.type === 'json_object') {
    return JSON.stringify({ answer: toolAnswer ?? `Simulated reply to: "${clipText(plan.prompt, QUOTE_CHARS)}".`, simulated: true });
  }
  return toolAnswer ?? generateReplyText(plan.prompt, plan.view.imageCount, variation);
}

/** `The tool returned: ...` for each trailing tool result. */
function describeToolResults(results: readonly ToolResultView[]): string {
  return results
    .map((r) => `${r.isError ? 'The tool reported an error' : 'The tool returned'}: ${clipText(r.text, TOOL_RESULT_QUOTE_CHARS)}`)
    .join(' ');
}

/** A tool call with schema-generated arguments and an id derived from the request. */
function createToolCall(plan: ChatPlan, tool: IrTool, choice: number, callIndex: number): IrToolCallPart {
  const args = generateFromSchema(tool.parameters, { text: plan.prompt });
  const id = `call_${hashParts(['call', plan.prompt, plan.request.seed, choice, callIndex, tool.name]).slice(0, 24)}`;
  return { type: 'tool-call', id, name: tool.name, arguments: JSON.stringify(args ?? {}) };
}
