import type { GatewayError } from '../../../core/errors.js';
import type { IrFinishReason, IrStreamEvent, IrUsage } from '../../ir/index.js';
import { formatSseEvent } from '../../sse/index.js';
import { encodeResponsesUsage } from '../encode-usage.js';
import { functionCallItem, messageItem, outputTextPart, reasoningItem, type ItemIdFactory } from '../output-items/encode-output-items.js';
import { encodeResponse, statusFor, type ResponseMeta } from '../output-items/encode-response.js';

/** The output item being streamed. */
interface OpenItem {
  readonly kind: 'message' | 'reasoning' | 'tool';
  readonly id: string;
  readonly outputIndex: number;
  /** Text, reasoning text or arguments so far. */
  text: string;
  signature?: string;
  readonly callId?: string;
  readonly name?: string;
  readonly toolIndex?: number;
}

/**
 * Turns IR stream events (choice 0) into Responses events (wire-formats §6.3), each with its
 * `event:` line and a `sequence_number` rising from 0: `response.created`, `response.in_progress`,
 * output item / content part / delta / done events, then `response.completed` (or `.incomplete`)
 * carrying the full response with usage and cost, or `response.failed`.
 */
export class ResponsesStreamEncoder {
  private sequence = 0;
  private started = false;
  private open: OpenItem | null = null;
  private readonly output: Record<string, unknown>[] = [];
  private finishReason: IrFinishReason = 'stop';
  private final: Record<string, unknown> | null = null;

  /** `extras` are top-level fields added to the `response.created` response (the gateway's `tf` block). */
  constructor(
    private readonly meta: ResponseMeta,
    private readonly nextId: ItemIdFactory,
    private readonly extras: Readonly<Record<string, unknown>> | null = null,
  ) {}

  /** Frames for one event; `usage` and `error` are handled by {@link end} and {@link fail}. */
  encode(event: IrStreamEvent): string[] {
    // The common case first: one text token inside the open message is one frame, its data built
    // in wire order (the order frame() gives) without the spreads of the general path.
    const open = this.open;
    if (event.type === 'text-delta' && open?.kind === 'message' && event.choice === 0 && event.delta !== '') {
      open.text += event.delta;
      const type = 'response.output_text.delta';
      const data = { type, item_id: open.id, output_index: open.outputIndex, content_index: 0, delta: event.delta, logprobs: [], sequence_number: this.sequence++ };
      return [formatSseEvent(JSON.stringify(data), type)];
    }
    const out = this.ensureStarted();
    if ('choice' in event && event.choice !== 0) return out;
    if (event.type === 'text-delta' && event.delta !== '') {
      const item = this.ensureItem('message', out);
      item.text += event.delta;
      out.push(this.frame('response.output_text.delta', { item_id: item.id, output_index: item.outputIndex, content_index: 0, delta: event.delta, logprobs: [] }));
    } else if (event.type === 'reasoning-delta') {
      const item = this.ensureItem('reasoning', out);
      if (event.signature !== undefined) item.signature = event.signature;
      if (event.delta !== '') {
        item.text += event.delta;
        out.push(this.frame('response.reasoning_text.delta', { item_id: item.id, output_index: item.outputIndex, content_index: 0, delta: event.delta }));
      }
    } else if (event.type === 'tool-call-start') {
      out.push(...this.close());
      const item: OpenItem = { kind: 'tool', id: this.nextId('fc'), outputIndex: this.output.length, text: '', callId: event.id, name: event.name, toolIndex: event.index };
      this.open = item;
      out.push(this.frame('response.output_item.added', { output_index: item.outputIndex, item: functionCallItem(item.id, event.id, event.name, '', 'in_progress') }));
    } else if (event.type === 'tool-call-delta' && this.open?.kind === 'tool' && this.open.toolIndex === event.index && event.argumentsDelta !== '') {
      this.open.text += event.argumentsDelta;
      out.push(this.frame('response.function_call_arguments.delta', { item_id: this.open.id, output_index: this.open.outputIndex, delta: event.argumentsDelta }));
    } else if (event.type === 'tool-call-end' && this.open?.kind === 'tool' && this.open.toolIndex === event.index) {
      out.push(...this.close());
    } else if (event.type === 'finish') {
      this.finishReason = event.finishReason;
    }
    return out;
  }

  /** Closing frames: open items done, then `response.completed` (or `.incomplete`) with usage and cost. */
  end(usage: IrUsage, cost: string): string[] {
    const out = [...this.ensureStarted(), ...this.close()];
    const status = statusFor(this.finishReason);
    this.final = encodeResponse(this.meta, { status, output: this.output, usage: encodeResponsesUsage(usage, cost), finishReason: this.finishReason });
    out.push(this.frame(status === 'completed' ? 'response.completed' : 'response.incomplete', { response: this.final }));
    return out;
  }

  /**
   * A mid-stream failure: `response.failed` carrying the output streamed so far (an item cut off
   * midway as `incomplete`) and an `error.code` from the official enum; the gateway's own code is in
   * `tf.error_code`.
   */
  fail(error: GatewayError): string[] {
    const out = this.ensureStarted();
    const output = this.open === null ? this.output : [...this.output, this.snapshot(this.open)];
    const code = error.kind === 'rate_limit' ? 'rate_limit_exceeded' : 'server_error';
    const response = encodeResponse(this.meta, { status: 'failed', output, usage: null, error: { code, message: error.message } });
    out.push(this.frame('response.failed', { response: { ...response, tf: { error_code: error.wireCode } } }));
    return out;
  }

  /** An item still open when the stream broke, as far as it got. */
  private snapshot(item: OpenItem): Record<string, unknown> {
    if (item.kind === 'message') return messageItem(item.id, item.text, 'incomplete');
    if (item.kind === 'reasoning') return reasoningItem(item.id, item.text, item.signature);
    return functionCallItem(item.id, item.callId ?? '', item.name ?? '', item.text, 'incomplete');
  }

  /** The final response object, once {@link end} has run. */
  get response(): Record<string, unknown> | null {
    return this.final;
  }

  private frame(type: string, data: Record<string, unknown>): string {
    return formatSseEvent(JSON.stringify({ type, ...data, sequence_number: this.sequence++ }), type);
  }

  private ensureStarted(): string[] {
    if (this.started) return [];
    this.started = true;
    const response = encodeResponse(this.meta, { status: 'in_progress', output: [], usage: null });
    return [this.frame('response.created', { response: { ...response, ...this.extras } }), this.frame('response.in_progress', { response })];
  }

  private ensureItem(kind: 'message' | 'reasoning', out: string[]): OpenItem {
    if (this.open?.kind === kind) return this.open;
    out.push(...this.close());
    const item: OpenItem = { kind, id: this.nextId(kind === 'message' ? 'msg' : 'rs'), outputIndex: this.output.length, text: '' };
    this.open = item;
    const added = kind === 'message' ? messageItem(item.id, '', 'in_progress') : { ...reasoningItem(item.id, '', undefined), content: [{ type: 'reasoning_text', text: '' }] };
    out.push(this.frame('response.output_item.added', { output_index: item.outputIndex, item: added }));
    if (kind === 'message') {
      out.push(this.frame('response.content_part.added', { item_id: item.id, output_index: item.outputIndex, content_index: 0, part: outputTextPart('') }));
    }
    return item;
  }

  private close(): string[] {
    const item = this.open;
    if (item === null) return [];
    this.open = null;
    const at = { item_id: item.id, output_index: item.outputIndex };
    const out: string[] = [];
    let done: Record<string, unknown>;
    if (item.kind === 'message') {
      out.push(this.frame('response.output_text.done', { ...at, content_index: 0, text: item.text, logprobs: [] }));
      out.push(this.frame('response.content_part.done', { ...at, content_index: 0, part: outputTextPart(item.text) }));
      done = messageItem(item.id, item.text, 'completed');
    } else if (item.kind === 'reasoning') {
      out.push(this.frame('response.reasoning_text.done', { ...at, content_index: 0, text: item.text }));
      done = reasoningItem(item.id, item.text, item.signature);
    } else {
      out.push(this.frame('response.function_call_arguments.done', { ...at, name: item.name, arguments: item.text }));
      done = functionCallItem(item.id, item.callId ?? '', item.name ?? '', item.text, 'completed');
    }
    this.output.push(done);
    out.push(this.frame('response.output_item.done', { output_index: item.outputIndex, item: done }));
    return out;
  }
}
