import { GatewayError } from '../../core/errors.js';
import type { IrChoice, IrStreamEvent, IrUsage } from '../../protocol/ir/index.js';
import type { SimCompletionChoice } from './simulate-completion.js';
import type { CallSignal } from '../provider.js';
import { abortReason, waitFor } from './wait-for.js';

/** Characters of tool-call argument JSON per `tool-call-delta`. */
const ARGUMENT_PIECE_CHARS = 8;
/** Delta events sent before `[sim:fail-mid-stream]` breaks the stream. */
const DELTAS_BEFORE_FAILURE = 3;

/** How to play a list of events back. */
export interface PaceOptions {
  /** Pause between two events, in milliseconds (0 = none). */
  readonly delayMs: number;
  /** Stops the stream promptly: the iterator throws the abort reason. */
  readonly signal: CallSignal;
  /** Break the stream after a few deltas with a `GW_UPSTREAM_STREAM_FAILED` error event. */
  readonly failMidStream: boolean;
  /** Provider id, for the failure message. */
  readonly providerId: string;
}

/** Split text into stream deltas: one per word with its trailing whitespace. */
export function splitDeltas(text: string): string[] {
  return text.match(/\s*\S+\s*|\s+/g) ?? [];
}

/** Events of a chat stream: start, per choice reasoning, text and tool calls then its finish, then usage. */
export function createChatEvents(id: string, model: string, choices: readonly IrChoice[], usage: IrUsage): IrStreamEvent[] {
  const events: IrStreamEvent[] = [{ type: 'stream-start', id, model, warnings: [], inputTokens: usage.input.total }];
  for (const choice of choices) {
    let callIndex = 0;
    for (const part of choice.content) {
      if (part.type === 'reasoning') {
        for (const delta of splitDeltas(part.text)) events.push({ type: 'reasoning-delta', choice: choice.index, delta });
      } else if (part.type === 'text') {
        for (const delta of splitDeltas(part.text)) events.push({ type: 'text-delta', choice: choice.index, delta });
      } else {
        const index = callIndex++;
        events.push({ type: 'tool-call-start', choice: choice.index, index, id: part.id, name: part.name });
        for (let at = 0; at < part.arguments.length; at += ARGUMENT_PIECE_CHARS) {
          const argumentsDelta = part.arguments.slice(at, at + ARGUMENT_PIECE_CHARS);
          events.push({ type: 'tool-call-delta', choice: choice.index, index, argumentsDelta });
        }
        events.push({ type: 'tool-call-end', choice: choice.index, index });
      }
    }
    const { finishReason, rawFinishReason } = choice;
    events.push({ type: 'finish', choice: choice.index, finishReason, rawFinishReason, stopSequence: choice.stopSequence ?? null });
  }
  events.push({ type: 'usage', usage });
  return events;
}

/** Events of a completion stream: start, per choice the echoed prompt and text deltas then its finish, then usage. */
export function createCompletionEvents(
  id: string,
  model: string,
  choices: readonly SimCompletionChoice[],
  usage: IrUsage,
): IrStreamEvent[] {
  const events: IrStreamEvent[] = [{ type: 'stream-start', id, model, warnings: [] }];
  for (const choice of choices) {
    if (choice.echoed !== '') events.push({ type: 'text-delta', choice: choice.index, delta: choice.echoed });
    for (const delta of splitDeltas(choice.text.slice(choice.echoed.length))) {
      events.push({ type: 'text-delta', choice: choice.index, delta });
    }
    events.push({ type: 'finish', choice: choice.index, finishReason: choice.finishReason, rawFinishReason: choice.rawFinishReason });
  }
  events.push({ type: 'usage', usage });
  return events;
}

/**
 * Play events back, pausing `delayMs` between them. Abort ends the stream at once with the abort
 * reason; a consumer that stops iterating leaves no timer behind, since pauses only run while it waits.
 */
export async function* paceEvents(events: readonly IrStreamEvent[], options: PaceOptions): AsyncGenerator<IrStreamEvent> {
  let deltas = 0;
  for (const [position, event] of events.entries()) {
    if (options.signal.aborted) throw abortReason(options.signal);
    if (position > 0) await waitFor(options.delayMs, options.signal);
    if (options.failMidStream && (deltas >= DELTAS_BEFORE_FAILURE || event.type === 'finish' || event.type === 'usage')) {
      yield { type: 'error', error: midStreamError(options.providerId) };
      return;
    }
    if (event.type === 'text-delta' || event.type === 'reasoning-delta' || event.type === 'tool-call-delta') deltas++;
    yield event;
  }
}

function midStreamError(providerId: string): GatewayError {
  return new GatewayError('GW_UPSTREAM_STREAM_FAILED', `The upstream ${providerId} stream broke off (simulated by [sim:fail-mid-stream]).`);
}
