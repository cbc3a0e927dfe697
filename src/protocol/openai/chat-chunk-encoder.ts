import type { IrStreamEvent } from '../ir/index.js';
import { mapFinishReasonToOpenAI } from './map-finish-reason.js';

/** Fields shared by every chunk of one completion. */
export interface ChunkMeta {
  readonly id: string;
  readonly created: number;
  readonly model: string;
  /** `service_tier` as the request asked for it (the IR carries none from the upstream), or undefined. */
  readonly serviceTier?: string;
}

/**
 * Turns IR stream events into `chat.completion.chunk` objects (wire-formats §1.4): the first chunk
 * of each choice carries `role`, tool calls carry their `index`, `finish_reason` comes last.
 * `usage` and `error` events are not encoded here: the gateway adds cost and envelopes.
 */
export class ChatChunkEncoder {
  private readonly started = new Set<number>();

  constructor(private readonly meta: ChunkMeta) {}

  /** Encode one event; returns zero or more chunk objects. */
  encode(event: IrStreamEvent): Record<string, unknown>[] {
    switch (event.type) {
      case 'text-delta':
        return [this.chunk(event.choice, { content: event.delta })];
      case 'reasoning-delta':
        return event.delta === '' ? [] : [this.chunk(event.choice, { reasoning_content: event.delta })];
      case 'tool-call-start':
        return [
          this.chunk(event.choice, {
            tool_calls: [{ index: event.index, id: event.id, type: 'function', function: { name: event.name, arguments: '' } }],
          }),
        ];
      case 'tool-call-delta':
        return [this.chunk(event.choice, { tool_calls: [{ index: event.index, function: { arguments: event.argumentsDelta } }] })];
      case 'finish':
        return [this.chunk(event.choice, {}, mapFinishReasonToOpenAI(event.finishReason))];
      default:
        return [];
    }
  }

  /** A chunk closing a choice with `finish_reason`, used when a stream fails. */
  finishChunk(choice: number, finishReason: string): Record<string, unknown> {
    return this.chunk(choice, {}, finishReason);
  }

  /** The final usage-only chunk (`choices: []`). */
  usageChunk(usage: unknown): Record<string, unknown> {
    return this.withMeta([], usage);
  }

  private chunk(choice: number, delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> {
    const firstDelta = this.started.has(choice) ? delta : { role: 'assistant', ...('content' in delta ? {} : { content: '' }), ...delta };
    this.started.add(choice);
    return this.withMeta([{ index: choice, delta: firstDelta, logprobs: null, finish_reason: finishReason }]);
  }

  /**
   * A chunk object in wire order. Written out rather than spread from `meta`: this runs for every
   * streamed token, and a spread into an object literal costs about twice the whole JSON encoding.
   */
  private withMeta(choices: unknown[], usage?: unknown): Record<string, unknown> {
    const { id, created, model, serviceTier } = this.meta;
    const object = 'chat.completion.chunk';
    const chunk: Record<string, unknown> =
      serviceTier === undefined ? { id, object, created, model, choices } : { id, object, created, model, service_tier: serviceTier, choices };
    if (usage !== undefined) chunk.usage = usage;
    return chunk;
  }
}
