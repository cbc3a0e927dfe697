import type { Readable } from 'node:stream';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One SSE event: the optional `event:` name and the joined `data:` lines. */
export type SseEvent = EventSourceMessage;

/** Options of {@link readSseEvents} and {@link readSseBatches}. */
export interface ReadSseEventsOptions {
  /**
   * Destroy a Readable body when the consumer stops early (default true). A caller that passes false
   * must finish the body itself: drain it (`resume()`) after the last event it wanted, which keeps the
   * upstream connection reusable and skips undici's abort error, or destroy it.
   */
  readonly destroyOnReturn?: boolean;
}

/**
 * Parse a byte stream of Server-Sent Events into events (framing only; no JSON here).
 * Yields as soon as each event is complete, so relays keep their chunk timing.
 */
export async function* readSseEvents(
  body: Readable | AsyncIterable<Uint8Array>,
  options: ReadSseEventsOptions = {},
): AsyncGenerator<SseEvent> {
  for await (const batch of readSseBatches(body, options)) yield* batch;
}

/**
 * Like {@link readSseEvents}, but yields the events completed by each read of the body together:
 * one resumption per network read instead of one per event, for relays on the hot path (an upstream
 * read usually holds many events, a whole short answer on loopback).
 */
export async function* readSseBatches(
  body: Readable | AsyncIterable<Uint8Array>,
  options: ReadSseEventsOptions = {},
): AsyncGenerator<readonly SseEvent[]> {
  let batch: SseEvent[] = [];
  const parser = createParser({ onEvent: (event) => batch.push(event) });
  const decoder = new TextDecoder();
  const source: AsyncIterable<Uint8Array> =
    options.destroyOnReturn === false && typeof (body as Readable).iterator === 'function'
      ? { [Symbol.asyncIterator]: () => (body as Readable).iterator({ destroyOnReturn: false }) }
      : (body as AsyncIterable<Uint8Array>);
  for await (const chunk of source) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    if (batch.length > 0) {
      const events = batch;
      batch = [];
      yield events;
    }
  }
  parser.feed(decoder.decode());
  parser.reset({ consume: true });
  if (batch.length > 0) yield batch;
}
