import { GatewayError } from '../../core/errors.js';
import type { IrStreamEvent } from '../../protocol/ir/index.js';
import { SseFrameReader, type SseEvent, type SseFrameVisitor } from '../../protocol/sse/index.js';
import type { UpstreamBody } from '../../providers/upstream-body.js';
import { errorInBody, mapBodyError } from '../../providers/http/index.js';

/** Bytes of a stream held back while looking for its first event; past this the stream is taken as started. */
const MAX_HELD_BYTES = 1024 * 1024;

/**
 * Wait for the first SSE event with data of a streamed body without consuming it (every byte read
 * is put back), so a stream that stalls, breaks, ends, or opens with an error event before its
 * first event can still be retried: nothing reached the client yet. Comments (keep-alives) alone do
 * not count as a first event. An error event (`event: error`, or data that is an error envelope)
 * rejects with the GatewayError its status would have given; `abandon` is called on timeout to
 * cancel the upstream.
 */
export function awaitFirstSseEvent(body: UpstreamBody, providerId: string, timeoutMs: number, abandon: (error: GatewayError) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const held: Buffer[] = [];
    let heldBytes = 0;
    // An object, not a `let`: the framing callbacks set it, which control-flow narrowing cannot see.
    const seen: { first: SseEvent | null } = { first: null };
    // Framed on bytes like the relay does (no text decoder or parser per stream); only the first
    // event's data becomes a string.
    const frames = new SseFrameReader();
    const visitor: SseFrameVisitor = {
      data: (bytes, start, end) => void (seen.first ??= { data: bytes.toString('utf8', start, end) }),
      event: (event) => void (seen.first ??= event),
    };
    let waiting = true;
    const timer = setTimeout(() => {
      stop();
      const error = firstTokenTimeout(providerId, timeoutMs);
      abandon(error);
      body.destroy();
      reject(error);
    }, timeoutMs);
    const stop = () => {
      waiting = false;
      clearTimeout(timer);
      body.read(null);
    };
    body.read({
      data(chunk) {
        if (!waiting) return;
        held.push(chunk);
        heldBytes += chunk.length;
        frames.feed(chunk, visitor);
        const first = seen.first;
        if (first === null && heldBytes <= MAX_HELD_BYTES) return;
        stop();
        const envelope = first === null ? null : errorInBody(first.data);
        if (first !== null && (envelope !== null || first.event === 'error')) {
          body.destroy();
          reject(mapBodyError(providerId, envelope ?? { error: { message: first.data } }));
          return;
        }
        body.unshift(held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes));
        resolve();
      },
      end() {
        stop();
        reject(new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${providerId} ended its stream before sending anything.`));
      },
      error(error) {
        stop();
        reject(error instanceof GatewayError ? error : new GatewayError('GW_UPSTREAM_ERROR', `The connection to the upstream ${providerId} failed`, { cause: error }));
      },
    });
  });
}

/**
 * Wait for the first event of an IR stream; an `error` event first is a failure before the first
 * byte (thrown), anything else is handed back in front of the rest of the stream.
 */
export async function awaitFirstEvent(
  events: AsyncIterable<IrStreamEvent>,
  providerId: string,
  timeoutMs: number,
  abandon: (error: GatewayError) => void,
): Promise<AsyncIterable<IrStreamEvent>> {
  const iterator = events[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = firstTokenTimeout(providerId, timeoutMs);
      abandon(error);
      reject(error);
    }, timeoutMs);
  });
  let first: IteratorResult<IrStreamEvent>;
  try {
    first = await Promise.race([iterator.next(), timeout]);
  } catch (error) {
    void iterator.return?.()?.catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  if (first.done === true) throw new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${providerId} ended its stream before sending anything.`);
  if (first.value.type === 'error') {
    void iterator.return?.()?.catch(() => undefined);
    throw first.value.error;
  }
  // The first event, then the stream's own iterator: a plain object rather than an async generator,
  // which would add a resumption and its promises to every event of the stream.
  const head = first.value;
  let headTaken = false;
  const rest: AsyncIterator<IrStreamEvent> = {
    next: () => {
      if (headTaken) return iterator.next();
      headTaken = true;
      return Promise.resolve({ value: head, done: false });
    },
    // The relay stopped early (client gone): let the upstream stream clean up.
    return: async () => (await iterator.return?.()) ?? { value: undefined, done: true },
  };
  return { [Symbol.asyncIterator]: () => rest };
}

function firstTokenTimeout(providerId: string, timeoutMs: number): GatewayError {
  return new GatewayError('GW_UPSTREAM_TIMEOUT', `The upstream ${providerId} sent no first token within ${timeoutMs} ms`);
}
