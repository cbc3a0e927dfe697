import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

/** Headers that start every SSE answer; `x-request-id` is added by the caller. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/**
 * Writes SSE text to a client with backpressure: a write that fills the socket buffer waits for
 * 'drain' (or for the client to go away), so a slow reader slows the upstream read instead of
 * growing memory.
 */
export class SseWriter {
  private closed = false;

  constructor(private readonly res: ServerResponse) {
    res.once('close', () => {
      this.closed = true;
    });
  }

  /** True once the client has gone. */
  get isClosed(): boolean {
    return this.closed || this.res.destroyed;
  }

  /** Send the status line and headers. */
  start(headers: Record<string, string | number | readonly string[]>): void {
    this.res.writeHead(200, { ...SSE_HEADERS, ...headers });
    this.res.flushHeaders();
  }

  /** Write text; waits when the socket buffer is full. */
  async write(text: string): Promise<void> {
    if (this.isClosed) return;
    if (!this.res.write(text)) {
      await Promise.race([once(this.res, 'drain'), once(this.res, 'close')]);
    }
  }

  /** End the response. */
  end(): void {
    if (!this.isClosed) this.res.end();
  }
}
