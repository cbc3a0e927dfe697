import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running {@link startTrickleUpstream}. */
export interface TrickleUpstream {
  /** Base URL, `http://127.0.0.1:<port>/v1`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * An OpenAI-style upstream that answers every request with the SSE text `answer(requestBody)`
 * written `step` bytes at a time, pausing 1 ms every ten writes, so the gateway's reads split
 * events and multi-byte characters the way a slow network does.
 */
export async function startTrickleUpstream(answer: (requestBody: string) => string, step: number): Promise<TrickleUpstream> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (part: Buffer) => (body += part.toString()));
    req.on('end', async () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.socket?.setNoDelay(true);
      const bytes = Buffer.from(answer(body));
      for (let i = 0, writes = 0; i < bytes.length; i += step, writes++) {
        res.write(bytes.subarray(i, i + step));
        if (writes % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      }
      res.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
