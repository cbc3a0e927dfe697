/** A tool call the model asked for, with its arguments as the model wrote them (JSON text). */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** Token counts and the exact cost (a USD decimal string) of one answer. */
export interface ChatUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
  /** `usage.cost` as the gateway sent it, or null when it sent none. */
  readonly cost: string | null;
}

/** What the playground shows of an answer, built up chunk by chunk when streamed. */
export interface ChatResult {
  readonly text: string;
  readonly toolCalls: readonly ToolCall[];
  readonly finishReason: string | null;
  readonly usage: ChatUsage | null;
  /** The model that answered, as the upstream named it. */
  readonly model: string | null;
  /** An error the stream ended with (after the answer began), in the gateway's words. */
  readonly streamError: string | null;
}

/** An answer before anything arrived. */
export const EMPTY_RESULT: ChatResult = { text: '', toolCalls: [], finishReason: null, usage: null, model: null, streamError: null };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

function readUsage(value: unknown): ChatUsage | null {
  if (!isObject(value)) return null;
  return { promptTokens: num(value.prompt_tokens), completionTokens: num(value.completion_tokens), totalTokens: num(value.total_tokens), cost: str(value.cost) };
}

/** Fold one `chat.completion.chunk` (parsed SSE data) into the answer so far. */
export function applyChunk(result: ChatResult, chunk: unknown): ChatResult {
  if (!isObject(chunk)) return result;
  if (isObject(chunk.error)) return { ...result, streamError: str(chunk.error.message) ?? 'The answer stopped with an error.' };
  let { text, toolCalls, finishReason } = result;
  const choice = Array.isArray(chunk.choices) && isObject(chunk.choices[0]) ? chunk.choices[0] : null;
  if (choice !== null) {
    const delta = isObject(choice.delta) ? choice.delta : {};
    text += str(delta.content) ?? '';
    if (Array.isArray(delta.tool_calls)) toolCalls = mergeToolCallDeltas(toolCalls, delta.tool_calls);
    finishReason = str(choice.finish_reason) ?? finishReason;
  }
  const usage = readUsage(chunk.usage) ?? result.usage;
  return { ...result, text, toolCalls, finishReason, usage, model: str(chunk.model) ?? result.model };
}

// Streamed tool calls arrive in pieces keyed by `index`: the id and name first, the arguments in fragments.
function mergeToolCallDeltas(calls: readonly ToolCall[], deltas: readonly unknown[]): ToolCall[] {
  const next = [...calls];
  for (const delta of deltas) {
    if (!isObject(delta)) continue;
    const index = typeof delta.index === 'number' ? delta.index : next.length;
    const fn = isObject(delta.function) ? delta.function : {};
    const prev = next[index] ?? { id: '', name: '', arguments: '' };
    next[index] = { id: str(delta.id) ?? prev.id, name: prev.name + (str(fn.name) ?? ''), arguments: prev.arguments + (str(fn.arguments) ?? '') };
  }
  return next;
}

/** The answer of a request sent without streaming (`chat.completion` JSON). */
export function fromCompletion(body: unknown): ChatResult {
  if (!isObject(body)) return EMPTY_RESULT;
  const choice = Array.isArray(body.choices) && isObject(body.choices[0]) ? body.choices[0] : {};
  const message = isObject(choice.message) ? choice.message : {};
  const toolCalls = Array.isArray(message.tool_calls)
    ? message.tool_calls.filter(isObject).map((call) => {
        const fn = isObject(call.function) ? call.function : {};
        return { id: str(call.id) ?? '', name: str(fn.name) ?? '', arguments: str(fn.arguments) ?? '' };
      })
    : [];
  return { text: str(message.content) ?? '', toolCalls, finishReason: str(choice.finish_reason), usage: readUsage(body.usage), model: str(body.model), streamError: null };
}
