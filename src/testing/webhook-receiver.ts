import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedWebhook {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Arrival time, ms. */
  readonly at: number;
}

/** What the receiver answers: a status, a status with a body, or `hang` (never answers). */
export type ReceiverAnswer = number | { readonly status: number; readonly body: string } | 'hang';

/** A real HTTP webhook receiver for tests. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:PORT/hook`. */
  readonly url: string;
  /** Everything received, in order. */
  readonly received: ReceivedWebhook[];
  /** Decide the answer to each request (default: 204). */
  answer: (request: ReceivedWebhook, index: number) => ReceiverAnswer;
  /** Resolve once `count` requests arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** Start a receiver on 127.0.0.1 with a random port. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hanging = new Set<ServerResponse>();
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer: () => 204,
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > deadline) throw new Error(`Receiver got ${receiver.received.length} of ${count} requests in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return receiver.received.slice(0, count);
    },
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      const index = receiver.received.length;
      receiver.received.push(got);
      const answer = receiver.answer(got, index);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      if (typeof answer === 'number') res.writeHead(answer).end();
      else res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  });
  return receiver;
}

/** A URL on which nothing listens (connection refused). */
export async function deadWebhookUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}
