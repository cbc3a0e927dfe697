import type { Readable } from 'node:stream';
import { GatewayError } from '../../core/errors.js';
import type { IrStreamEvent } from '../../protocol/ir/index.js';

/**
 * Wait for the first chunk of a streamed body without consuming it (it is put back), so a stream
 * that stalls, breaks or ends before its first byte can still be retried: nothing reached the
 * client yet. Rejects with a GatewayError; `abandon` is called on timeout to cancel the upstream.
 */
export function awaitFirstBodyChunk(body: Readable, providerId: string, timeoutMs: number, abandon: (error: GatewayError) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      body.off('readable', onReadable);
      body.off('end', onEnd);
      body.off('error', onError);
    };
    const onReadable = () => {
      const chunk: unknown = body.read();
      if (chunk === null) return;
      body.unshift(chunk as Buffer);
      cleanup();
      resolve();
    };
    const onEnd = () => {
      cleanup();
      reject(new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${providerId} ended its stream before sending anything.`));
    };
    const onError = (error: unknown) => {
      cleanup();
      reject(error instanceof GatewayError ? error : new GatewayError('GW_UPSTREAM_ERROR', `The connection to the upstream ${providerId} failed`, { cause: error }));
    };
    const timer = setTimeout(() => {
      cleanup();
      const error = firstTokenTimeout(providerId, timeoutMs);
      body.on('error', () => undefined);
      abandon(error);
      body.destroy();
      reject(error);
    }, timeoutMs);
    body.on('readable', onReadable);
    body.once('end', onEnd);
    body.once('error', onError);
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
  const head = first.value;
  return {
    async *[Symbol.asyncIterator]() {
      try {
        yield head;
        for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
      } finally {
        // The relay stopped early (client gone): let the upstream stream clean up.
        await iterator.return?.();
      }
    },
  };
}

function firstTokenTimeout(providerId: string, timeoutMs: number): GatewayError {
  return new GatewayError('GW_UPSTREAM_TIMEOUT', `The upstream ${providerId} sent no first token within ${timeoutMs} ms`);
}
