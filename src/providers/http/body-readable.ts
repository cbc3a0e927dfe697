import { Readable } from 'node:stream';
import type { UpstreamBody } from '../upstream-body.js';

/**
 * An {@link UpstreamBody} as a Node Readable, for readers that iterate a stream (the SSE event
 * reader). Backpressure goes through: a full Readable pauses the body. Destroying the Readable
 * destroys the body, which cancels the upstream call.
 */
export function toReadable(body: UpstreamBody): Readable {
  const readable = new Readable({
    read() {
      body.resume();
    },
    destroy(error, callback) {
      body.destroy();
      callback(error);
    },
  });
  body.read({
    data(chunk) {
      if (!readable.push(chunk)) body.pause();
    },
    end() {
      readable.push(null);
    },
    error(error) {
      readable.destroy(error);
    },
  });
  return readable;
}
