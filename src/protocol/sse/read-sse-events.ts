import type { Readable } from 'node:stream';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One SSE event: the optional `event:` name and the joined `data:` lines. */
export type SseEvent = EventSourceMessage;

/**
 * Parse a byte stream of Server-Sent Events into events (framing only; no JSON here).
 * Yields as soon as each event is complete, so relays keep their chunk timing.
 */
export async function* readSseEvents(body: Readable | AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const pending: SseEvent[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event) });
  const decoder = new TextDecoder();
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    while (pending.length > 0) yield pending.shift()!;
  }
  parser.feed(decoder.decode());
  parser.reset({ consume: true });
  while (pending.length > 0) yield pending.shift()!;
}
