import type { Readable } from 'node:stream';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One SSE event: the optional `event:` name and the joined `data:` lines. */
export type SseEvent = EventSourceMessage;

/** Options of {@link readSseEvents}. */
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
  const pending: SseEvent[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event) });
  const decoder = new TextDecoder();
  const source: AsyncIterable<Uint8Array> =
    options.destroyOnReturn === false && typeof (body as Readable).iterator === 'function'
      ? { [Symbol.asyncIterator]: () => (body as Readable).iterator({ destroyOnReturn: false }) }
      : (body as AsyncIterable<Uint8Array>);
  for await (const chunk of source) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    for (let i = 0; i < pending.length; i++) yield pending[i]!;
    pending.length = 0;
  }
  parser.feed(decoder.decode());
  parser.reset({ consume: true });
  for (let i = 0; i < pending.length; i++) yield pending[i]!;
  pending.length = 0;
}
