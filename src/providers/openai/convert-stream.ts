import { GatewayError } from '../../core/errors.js';
import { safeParseJson } from '../../core/json.js';
import type { IrStreamEvent } from '../../protocol/ir/index.js';
import { decodeOpenAIUsage } from '../../protocol/openai/decode-usage.js';
import type { SseEvent } from '../../protocol/sse/index.js';
import { transportFailureDetail, type SseStreamConverter } from '../http/index.js';
import type { CallSignal } from '../provider.js';
import { chatChunkSchema, type ChatChunk } from './api.js';
import { mapFinishReason } from './map-finish-reason.js';

/** Options of {@link OpenAIStreamConverter}. */
export interface ConvertStreamOptions {
  readonly providerId: string;
  /** Sent in `stream-start`. */
  readonly warnings: readonly string[];
  /** The call's signal, for telling a timeout from a cancelled call in a read failure. */
  readonly signal: CallSignal;
}

/** Per-choice state: the tool call currently streaming (OpenAI sends calls one after another). */
interface ChoiceState {
  openTool: number | null;
  readonly seenTools: Set<number>;
}

/**
 * OpenAI chat chunks → IR stream events (framing and the body are `sseEventStream`'s). Never
 * throws: an in-stream `{error}`, a malformed chunk, a read failure or a body ending without `[DONE]`
 * and without a finish all end with an IR `error`.
 */
export class OpenAIStreamConverter implements SseStreamConverter<IrStreamEvent> {
  outcome: 'complete' | 'failed' | null = null;
  private readonly choices = new Map<number, ChoiceState>();
  private started = false;
  private finished = false;

  constructor(private readonly options: ConvertStreamOptions) {}

  event(frame: SseEvent): readonly IrStreamEvent[] {
    const { providerId } = this.options;
    if (frame.data === '[DONE]') {
      if (!this.finished) return this.end();
      this.outcome = 'complete';
      return NONE;
    }
    const json = safeParseJson(frame.data);
    const parsed = json.ok ? chatChunkSchema.safeParse(json.value) : null;
    if (parsed === null || !parsed.success) return this.failed(new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${providerId} sent an invalid stream chunk.`));
    const chunk = parsed.data;
    if (chunk.error) return this.failed(new GatewayError('GW_UPSTREAM_STREAM_FAILED', `The upstream ${providerId} failed mid-stream: ${chunk.error.message ?? 'error'}`));
    const out = convertChunk(chunk, this.choices);
    if (out.some((event) => event.type === 'finish')) this.finished = true;
    if (this.started) return out;
    this.started = true;
    return [{ type: 'stream-start', id: chunk.id ?? '', model: chunk.model ?? '', warnings: this.options.warnings }, ...out];
  }

  end(): readonly IrStreamEvent[] {
    if (this.finished) return NONE;
    return this.failed(new GatewayError('GW_UPSTREAM_STREAM_FAILED', `The upstream ${this.options.providerId} stream ended without a finish reason.`));
  }

  fail(error: unknown): readonly IrStreamEvent[] {
    const detail = transportFailureDetail(this.options.providerId, error, this.options.signal);
    return this.failed(new GatewayError('GW_UPSTREAM_STREAM_FAILED', `The upstream ${this.options.providerId} stream broke off: ${detail}`, { cause: error }));
  }

  private failed(error: GatewayError): readonly IrStreamEvent[] {
    this.outcome = 'failed';
    return [{ type: 'error', error }];
  }
}

const NONE: readonly IrStreamEvent[] = [];

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
