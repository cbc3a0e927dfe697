import type { GatewayError } from '../../core/errors.js';
import type { IrFinishReason, IrStreamEvent, IrUsage } from '../ir/index.js';
import { formatSseEvent } from '../sse/index.js';
import { encodeMessagesDeltaUsage, encodeStartUsage } from './encode-usage.js';
import { encodeMessagesError } from './error-envelope.js';
import { DIRECT_CALLER, NOTHING_APPLIES, type MessageMeta } from './encode-message.js';
import { mapStopReason } from './map-stop-reason.js';

/** The content block currently open; a thinking block keeps its signature until it closes. */
type OpenBlock =
  | { readonly kind: 'text'; readonly index: number }
  | { readonly kind: 'thinking'; readonly index: number; signature: string }
  | { readonly kind: 'tool'; readonly index: number; readonly toolIndex: number };

/**
 * Turns IR stream events (choice 0) into the Messages event sequence (wire-formats §5.4; event types
 * of @anthropic-ai/sdk 1.12.0): `message_start` with the prompt's token count, per block
 * `content_block_start` / deltas / `content_block_stop` (a `ping` after the first block start; a
 * thinking block's `signature_delta` just before its stop), then `message_delta` with cumulative
 * usage and cost, and `message_stop`.
 */
export class MessagesStreamEncoder {
  private started = false;
  private pinged = false;
  private open: OpenBlock | null = null;
  private nextIndex = 0;
  private finish: { reason: IrFinishReason; raw: string | null; stopSequence: string | null } = { reason: 'stop', raw: null, stopSequence: null };

  /**
   * `promptTokens` counts the prompt when the upstream does not report it before the output;
   * `extras` are top-level fields added to the `message_start` message (the gateway's `tf` block);
   * `observe` sees every event's data as it is framed.
   */
  constructor(
    private readonly meta: MessageMeta,
    private readonly requestId: string,
    private readonly extras: Readonly<Record<string, unknown>> | null = null,
    private readonly promptTokens: () => number = () => 0,
    private readonly observe: ((type: string, data: Record<string, unknown>) => void) | null = null,
  ) {}

  /**
   * One framed event: `event: <type>` plus data carrying the same `type`, framed first and then shown
   * to the observer (a thread rebuilds the answer it stores from them), which cannot change the frame.
   */
  private emit(type: string, data: Record<string, unknown>): string {
    return this.send(type, { type, ...data });
  }

  /** {@link emit} for data that already carries `type` first (a delta, the frame of every token). */
  private send(type: string, body: Record<string, unknown>): string {
    const framed = formatSseEvent(JSON.stringify(body), type);
    this.observe?.(type, body);
    return framed;
  }

  /** Frames for one event; `usage` and `error` are handled by {@link end} and {@link fail}. */
  encode(event: IrStreamEvent): string[] {
    // The common case first: one text token inside the open text block is one frame.
    if (event.type === 'text-delta' && this.open?.kind === 'text' && event.choice === 0 && event.delta !== '') {
      return [this.delta({ type: 'text_delta', text: event.delta })];
    }
    const out = this.ensureStarted(event.type === 'stream-start' ? event.inputTokens : undefined);
    if ('choice' in event && event.choice !== 0) return out;
    switch (event.type) {
      case 'text-delta':
        if (event.delta !== '') out.push(...this.ensureBlock('text'), this.delta({ type: 'text_delta', text: event.delta }));
        break;
      case 'reasoning-delta':
        if (event.delta !== '') out.push(...this.ensureBlock('thinking'), this.delta({ type: 'thinking_delta', thinking: event.delta }));
        if (event.signature !== undefined) {
          out.push(...this.ensureBlock('thinking'));
          if (this.open?.kind === 'thinking') this.open.signature += event.signature;
        }
        break;
      case 'tool-call-start':
        out.push(...this.close(), ...this.startBlock({ type: 'tool_use', id: event.id, name: event.name, input: {}, caller: DIRECT_CALLER }, event.index));
        break;
      case 'tool-call-delta':
        if (this.open?.kind === 'tool' && this.open.toolIndex === event.index && event.argumentsDelta !== '') {
          out.push(this.delta({ type: 'input_json_delta', partial_json: event.argumentsDelta }));
        }
        break;
      case 'tool-call-end':
        if (this.open?.kind === 'tool' && this.open.toolIndex === event.index) out.push(...this.close());
        break;
      case 'finish':
        this.finish = { reason: event.finishReason, raw: event.rawFinishReason, stopSequence: event.stopSequence ?? null };
        break;
      default:
        break;
    }
    return out;
  }

  /** Closing frames: `message_delta` (stop reason, cumulative usage with cost) and `message_stop`. */
  end(usage: IrUsage, cost: string): string[] {
    const out = [...this.ensureStarted(), ...this.close()];
    const stopReason = mapStopReason(this.finish.reason, this.finish.raw, this.finish.stopSequence);
    const delta = { stop_reason: stopReason, stop_sequence: this.finish.stopSequence, container: NOTHING_APPLIES.container, stop_details: NOTHING_APPLIES.stop_details };
    out.push(this.emit('message_delta', { delta, usage: encodeMessagesDeltaUsage(usage, cost) }));
    out.push(this.emit('message_stop', {}));
    return out;
  }

  /** A mid-stream failure: one `event: error` frame (the SDKs throw on it). */
  fail(error: GatewayError): string[] {
    return [...this.ensureStarted(), this.emit('error', { ...encodeMessagesError(error, this.requestId) })];
  }

  private ensureStarted(inputTokens?: number): string[] {
    if (this.started) return [];
    this.started = true;
    const message = {
      id: this.meta.id, type: 'message', role: 'assistant', model: this.meta.model, content: [], stop_reason: null, stop_sequence: null,
      ...NOTHING_APPLIES,
      usage: encodeStartUsage(inputTokens ?? this.promptTokens()),
      ...this.extras,
    };
    return [this.emit('message_start', { message })];
  }

  private ensureBlock(kind: 'text' | 'thinking'): string[] {
    if (this.open?.kind === kind) return [];
    const block = kind === 'text' ? { type: 'text', text: '', citations: null } : { type: 'thinking', thinking: '', signature: '' };
    return [...this.close(), ...this.startBlock(block)];
  }

  private startBlock(block: Record<string, unknown>, toolIndex?: number): string[] {
    const index = this.nextIndex++;
    this.open =
      toolIndex !== undefined ? { kind: 'tool', index, toolIndex } : block.type === 'text' ? { kind: 'text', index } : { kind: 'thinking', index, signature: '' };
    const out = [this.emit('content_block_start', { index, content_block: block })];
    if (!this.pinged) {
      this.pinged = true;
      out.push(this.emit('ping', {}));
    }
    return out;
  }

  private delta(delta: Record<string, unknown>): string {
    return this.send('content_block_delta', { type: 'content_block_delta', index: this.open?.index ?? 0, delta });
  }

  private close(): string[] {
    if (this.open === null) return [];
    const open = this.open;
    this.open = null;
    const out: string[] = [];
    // The API always ends a thinking block with its signature; clients replay it in the next turn.
    if (open.kind === 'thinking') out.push(this.emit('content_block_delta', { index: open.index, delta: { type: 'signature_delta', signature: open.signature } }));
    out.push(this.emit('content_block_stop', { index: open.index }));
    return out;
  }
}
