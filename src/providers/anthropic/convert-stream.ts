import type { GatewayError } from '../../core/errors.js';
import { safeParseJson } from '../../core/json.js';
import type { IrStreamEvent } from '../../protocol/ir/index.js';
import type { SseEvent } from '../../protocol/sse/index.js';
import { transportFailureDetail, type SseStreamConverter } from '../http/index.js';
import type { CallSignal } from '../provider.js';
import { anthropicStreamEventSchema, KNOWN_STREAM_EVENTS, type AnthropicStreamEvent, type AnthropicUsage } from './api.js';
import { finishReasonOf } from './convert-response.js';
import { JSON_TOOL_NAME } from './convert-tools.js';
import { convertUsage } from './convert-usage.js';
import { createInvalidResponseError, createStreamBrokenError, createStreamEventError } from './errors.js';

/** Options of {@link AnthropicStreamConverter}. */
export interface ConvertStreamOptions {
  readonly providerId: string;
  /** The `json_response` tool carries the answer: its input pieces become text deltas. */
  readonly jsonMode: boolean;
  /** Sent in `stream-start`. */
  readonly warnings: readonly string[];
  /** The call's signal, for telling a timeout from a cancelled call in a read failure. */
  readonly signal: CallSignal;
}

/** What a content block index turned out to be. */
type BlockKind = { readonly kind: 'text' | 'thinking' | 'json' | 'other' } | { readonly kind: 'tool'; readonly toolIndex: number };

interface StreamState {
  readonly options: ConvertStreamOptions;
  readonly blocks: Map<number, BlockKind>;
  toolCount: number;
  jsonAnswered: boolean;
  usage: AnthropicUsage | null;
  finished: boolean;
  /** message_stop was seen: the answer is whole. */
  stopped: boolean;
}

/**
 * Anthropic SSE events → IR stream events (meaning only; framing and the body are
 * `sseEventStream`'s). Never throws: an `error` event, a malformed frame, a read failure or a body
 * ending before `message_stop` all end the stream with an IR `error` event.
 */
export class AnthropicStreamConverter implements SseStreamConverter<IrStreamEvent> {
  outcome: 'complete' | 'failed' | null = null;
  private readonly state: StreamState;

  constructor(private readonly options: ConvertStreamOptions) {
    this.state = { options, blocks: new Map(), toolCount: 0, jsonAnswered: false, usage: null, finished: false, stopped: false };
  }

  event(frame: SseEvent): readonly IrStreamEvent[] {
    // ping and event types newer than this adapter are skipped, as the SDKs do.
    if (frame.event === undefined || !KNOWN_STREAM_EVENTS.has(frame.event)) return NONE;
    const parsed = parseFrame(this.options.providerId, frame);
    if (!parsed.ok) return this.failed(parsed.error);
    const out = convertEvent(this.state, parsed.event);
    const errorAt = out.findIndex((event) => event.type === 'error');
    if (errorAt >= 0) {
      this.outcome = 'failed';
      return out.slice(0, errorAt + 1);
    }
    if (this.state.stopped) this.outcome = 'complete';
    return out;
  }

  end(): readonly IrStreamEvent[] {
    return this.failed(createStreamBrokenError(this.options.providerId, 'the body ended before message_stop'));
  }

  fail(error: unknown): readonly IrStreamEvent[] {
    return this.failed(createStreamBrokenError(this.options.providerId, transportFailureDetail(this.options.providerId, error, this.options.signal), error));
  }

  private failed(error: GatewayError): readonly IrStreamEvent[] {
    this.outcome = 'failed';
    return [{ type: 'error', error }];
  }
}

const NONE: readonly IrStreamEvent[] = [];

type ParsedFrame = { readonly ok: true; readonly event: AnthropicStreamEvent } | { readonly ok: false; readonly error: GatewayError };

function parseFrame(providerId: string, frame: SseEvent): ParsedFrame {
  const json = safeParseJson(frame.data);
  if (!json.ok) return { ok: false, error: createInvalidResponseError(providerId, `${frame.event} data is not JSON`, json.error) };
  const parsed = anthropicStreamEventSchema.safeParse(json.value);
  if (!parsed.success) return { ok: false, error: createInvalidResponseError(providerId, `unexpected ${frame.event} event`, parsed.error) };
  return { ok: true, event: parsed.data };
}

/** One upstream event → zero or more IR events. */
function convertEvent(state: StreamState, event: AnthropicStreamEvent): IrStreamEvent[] {
  switch (event.type) {
    case 'message_start':
      state.usage = event.message.usage ?? null;
      return [{ type: 'stream-start', id: event.message.id, model: event.message.model, warnings: state.options.warnings, ...startInputTokens(state.usage) }];
    case 'content_block_start':
      return startBlock(state, event);
    case 'content_block_delta':
      return convertDelta(state, event);
    case 'content_block_stop': {
      const block = state.blocks.get(event.index);
      return block?.kind === 'tool' ? [{ type: 'tool-call-end', choice: 0, index: block.toolIndex }] : [];
    }
    case 'message_delta':
      state.usage = mergeUsage(state.usage, event.usage);
      state.finished = true;
      return [finishEvent(state, event.delta.stop_reason ?? null, event.delta.stop_sequence ?? null)];
    case 'message_stop': {
      state.stopped = true;
      const finish = state.finished ? [] : [finishEvent(state, null, null)];
      return state.usage === null ? finish : [...finish, { type: 'usage', usage: convertUsage(state.usage) }];
    }
    case 'error':
      return [{ type: 'error', error: createStreamEventError(state.options.providerId, event.error.type, event.error.message) }];
  }
}

function startBlock(state: StreamState, event: Extract<AnthropicStreamEvent, { type: 'content_block_start' }>): IrStreamEvent[] {
  const block = event.content_block;
  if (block.type === 'tool_use' && 'name' in block) {
    if (state.options.jsonMode && block.name === JSON_TOOL_NAME) {
      state.jsonAnswered = true;
      state.blocks.set(event.index, { kind: 'json' });
      return [];
    }
    const toolIndex = state.toolCount++;
    state.blocks.set(event.index, { kind: 'tool', toolIndex });
    return [{ type: 'tool-call-start', choice: 0, index: toolIndex, id: block.id, name: block.name }];
  }
  if (block.type === 'text' && 'text' in block) {
    state.blocks.set(event.index, { kind: 'text' });
    return block.text === '' ? [] : [{ type: 'text-delta', choice: 0, delta: block.text }];
  }
  state.blocks.set(event.index, { kind: block.type === 'thinking' ? 'thinking' : 'other' });
  return [];
}

function convertDelta(state: StreamState, event: Extract<AnthropicStreamEvent, { type: 'content_block_delta' }>): IrStreamEvent[] {
  const block = state.blocks.get(event.index);
  const delta = event.delta;
  if (delta.type === 'text_delta' && 'text' in delta) return [{ type: 'text-delta', choice: 0, delta: delta.text }];
  if (delta.type === 'thinking_delta' && 'thinking' in delta) return [{ type: 'reasoning-delta', choice: 0, delta: delta.thinking }];
  if (delta.type === 'signature_delta' && 'signature' in delta) {
    return [{ type: 'reasoning-delta', choice: 0, delta: '', signature: delta.signature }];
  }
  if (delta.type === 'input_json_delta' && 'partial_json' in delta && delta.partial_json !== '') {
    if (block?.kind === 'json') return [{ type: 'text-delta', choice: 0, delta: delta.partial_json }];
    if (block?.kind === 'tool') return [{ type: 'tool-call-delta', choice: 0, index: block.toolIndex, argumentsDelta: delta.partial_json }];
  }
  return [];
}

function finishEvent(state: StreamState, raw: string | null, stopSequence: string | null): IrStreamEvent {
  const jsonOnly = state.jsonAnswered && state.toolCount === 0;
  return { type: 'finish', choice: 0, finishReason: finishReasonOf(raw, jsonOnly), rawFinishReason: raw, stopSequence };
}

/** message_delta usage is cumulative; fields it carries (non-null) replace those of message_start. */
function mergeUsage(base: AnthropicUsage | null, update: AnthropicUsage | null | undefined): AnthropicUsage | null {
  if (update === null || update === undefined) return base;
  const merged: AnthropicUsage = { ...(base ?? {}) };
  for (const [key, value] of Object.entries(update) as [keyof AnthropicUsage, number | null | undefined][]) {
    if (value !== null && value !== undefined) merged[key] = value;
  }
  return merged;
}

/** `inputTokens` of `stream-start`: message_start's prompt count with cache reads and writes, when it has one. */
function startInputTokens(usage: AnthropicUsage | null): { inputTokens?: number } {
  if (typeof usage?.input_tokens !== 'number') return {};
  return { inputTokens: usage.input_tokens + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) };
}
