import type { Readable } from 'node:stream';
import { readSseEvents, type SseEvent } from '../../protocol/sse/index.js';
import type { CallSignal } from '../provider.js';

/**
 * Read an upstream body as SSE and convert its events; the body is destroyed when the consumer stops
 * early, when the stream ends, or when the signal aborts, so an abandoned read cannot hold the socket.
 */
export async function* streamSseBody<T>(
  body: Readable,
  convert: (events: AsyncIterable<SseEvent>) => AsyncGenerator<T>,
  signal: CallSignal,
): AsyncGenerator<T> {
  const onAbort = (): void => {
    body.destroy();
  };
  signal.addEventListener('abort', onAbort, { once: true });
  if (signal.aborted) onAbort();
  try {
    yield* convert(readSseEvents(body));
  } finally {
    signal.removeEventListener('abort', onAbort);
    body.destroy();
  }
}
