import { GatewayError } from '../../core/errors.js';
import { safeParseJson } from '../../core/json.js';
import type { IrStreamEvent } from '../../protocol/ir/index.js';
import { decodeOpenAIUsage } from '../../protocol/openai/decode-usage.js';
import type { SseEvent } from '../../protocol/sse/index.js';
import { mapTransportError } from '../http/index.js';
import type { CallSignal } from '../provider.js';
import { chatChunkSchema, type ChatChunk } from './api.js';
import { mapFinishReason } from './map-finish-reason.js';

/** Options of {@link convertStream}. */
export interface ConvertStreamOptions {
  readonly providerId: string;
  /** Sent in `stream-start`. */
  readonly warnings: readonly string[];
  /** When aborted, a read failure ends the stream silently. */
  readonly signal: CallSignal;
}

/** Per-choice state: the tool call currently streaming (OpenAI sends calls one after another). */
interface ChoiceState {
  openTool: number | null;
  readonly seenTools: Set<number>;
}

/**
 * OpenAI chat chunks → IR stream events. Never throws: an in-stream `{error}`, a malformed chunk, a
 * read failure or a body ending without `[DONE]` and without a finish all end with an IR `error`.
 */
export async function* convertStream(events: AsyncIterable<SseEvent>, options: ConvertStreamOptions): AsyncGenerator<IrStreamEvent> {
  const choices = new Map<number, ChoiceState>();
  let started = false;
  let finished = false;
  try {
    for await (const frame of events) {
      if (frame.data === '[DONE]') break;
      const json = safeParseJson(frame.data);
      const parsed = json.ok ? chatChunkSchema.safeParse(json.value) : null;
      if (parsed === null || !parsed.success) {
        yield { type: 'error', error: new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${options.providerId} sent an invalid stream chunk.`) };
        return;
      }
      const chunk = parsed.data;
      if (chunk.error) {
        yield { type: 'error', error: new GatewayError('GW_UPSTREAM_STREAM_FAILED', `The upstream ${options.providerId} failed mid-stream: ${chunk.error.message ?? 'error'}`) };
        return;
      }
      if (!started) {
        started = true;
        yield { type: 'stream-start', id: chunk.id ?? '', model: chunk.model ?? '', warnings: options.warnings };
      }
      for (const event of convertChunk(chunk, choices)) {
        if (event.type === 'finish') finished = true;
        yield event;
      }
    }
  } catch (error) {
    if (options.signal.aborted) return;
    const mapped = mapTransportError(options.providerId, error, options.signal);
    const detail = mapped instanceof Error ? mapped.message : 'the connection failed';
    yield { type: 'error', error: new GatewayError('GW_UPSTREAM_STREAM_FAILED', `The upstream ${options.providerId} stream broke off: ${detail}`, { cause: error }) };
    return;
  }
  if (!finished) yield { type: 'error', error: new GatewayError('GW_UPSTREAM_STREAM_FAILED', `The upstream ${options.providerId} stream ended without a finish reason.`) };
}

/** One chunk → IR events: text, reasoning, tool-call start/delta/end, finish, usage. */
function convertChunk(chunk: ChatChunk, choices: Map<number, ChoiceState>): IrStreamEvent[] {
  const out: IrStreamEvent[] = [];
  for (const choice of chunk.choices ?? []) {
    const state = choices.get(choice.index) ?? { openTool: null, seenTools: new Set<number>() };
    choices.set(choice.index, state);
    const delta = choice.delta;
    const reasoning = delta?.reasoning_content ?? delta?.reasoning;
    if (reasoning) out.push({ type: 'reasoning-delta', choice: choice.index, delta: reasoning });
    if (delta?.content) out.push({ type: 'text-delta', choice: choice.index, delta: delta.content });
    for (const call of delta?.tool_calls ?? []) {
      if (!state.seenTools.has(call.index)) {
        if (state.openTool !== null) out.push({ type: 'tool-call-end', choice: choice.index, index: state.openTool });
        state.seenTools.add(call.index);
        state.openTool = call.index;
        out.push({ type: 'tool-call-start', choice: choice.index, index: call.index, id: call.id ?? `call_${call.index}`, name: call.function?.name ?? '' });
      }
      const args = call.function?.arguments;
      if (args) out.push({ type: 'tool-call-delta', choice: choice.index, index: call.index, argumentsDelta: args });
    }
    if (choice.finish_reason) {
      if (state.openTool !== null) out.push({ type: 'tool-call-end', choice: choice.index, index: state.openTool });
      state.openTool = null;
      out.push({ type: 'finish', choice: choice.index, finishReason: mapFinishReason(choice.finish_reason), rawFinishReason: choice.finish_reason });
    }
  }
  const usage = decodeOpenAIUsage(chunk.usage);
  if (usage !== null) out.push({ type: 'usage', usage });
  return out;
}
