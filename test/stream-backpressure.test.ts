import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';
import { upstreamCatalogue } from '../src/testing/upstream-catalogue.js';

// An upstream that streams as fast as its socket lets it: TOTAL bytes of chat chunks, then usage and
// [DONE]. It counts what it has written, so the test sees whether a slow client slows it down.
const PIECE = 'x'.repeat(1000);
const CHUNK = `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"${PIECE}"},"finish_reason":null}]}\n\n`;
const TOTAL = 48 * 1024 * 1024;
const CHUNKS = Math.ceil(TOTAL / CHUNK.length);
const TAIL =
  'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n' +
  `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[],"usage":{"prompt_tokens":5,"completion_tokens":${CHUNKS},"total_tokens":${CHUNKS + 5}}}\n\n` +
  'data: [DONE]\n\n';

let upstream: Server;
let written = 0;
let upstreamClosedEarly = false;
let gw: TestGateway;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      written = 0;
      upstreamClosedEarly = false;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.on('close', () => {
        if (!res.writableFinished) upstreamClosedEarly = true;
      });
      for (let i = 0; i < CHUNKS; i++) {
        if (res.destroyed) return;
        written += CHUNK.length;
        // Listeners removed on either event (a race of two once() leaves the loser's 'error' and 'close' behind, one per wait).
        if (!res.write(CHUNK)) await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
      res.end(TAIL);
    });
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
  // idleMs 1000: the client below stops reading for longer than that; a paused relay is not an idle upstream.
  gw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: url }), env: { UP_KEY: 'k' } });
});
afterAll(async () => {
  await gw?.close();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

/**
 * Open a stream through the gateway and return the response without reading it: a chat completion
 * (relayed as the upstream sent it), or a message (translated from the upstream's chunks).
 */
async function openStream(api: 'chat' | 'messages' = 'chat'): Promise<IncomingMessage> {
  const req = request(`${gw.baseURL}/${api === 'chat' ? 'chat/completions' : 'messages'}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' },
  });
  const messages = [{ role: 'user', content: 'long answer please' }];
  req.end(JSON.stringify(api === 'chat' ? { model: 'acme/chat', stream: true, messages } : { model: 'acme/chat', stream: true, max_tokens: 100, messages }));
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  res.pause();
  return res;
}

/** Wait until the upstream has stopped writing (its count unchanged for 300 ms). */
async function untilUpstreamStalls(): Promise<number> {
  let last = -1;
  while (written !== last) {
    last = written;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return written;
}

describe('streaming to a slow client', () => {
  it('should slow the upstream down instead of buffering the answer, and deliver all of it once the client reads', async () => {
    const res = await openStream();
    expect(res.statusCode).toBe(200);
    const stalledAt = await untilUpstreamStalls();
    // Socket buffers on both sides of the gateway hold a few MB; the rest must wait upstream.
    expect(stalledAt).toBeLessThan(TOTAL / 2);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // longer than the upstream idle timeout

    let received = 0;
    let tail = '';
    res.on('data', (chunk: Buffer) => {
      received += chunk.length;
      tail = (tail + chunk.toString('latin1')).slice(-64);
    });
    res.resume();
    await once(res, 'end');
    expect(written).toBe(CHUNKS * CHUNK.length);
    expect(received).toBeGreaterThanOrEqual(CHUNKS * CHUNK.length);
    expect(tail.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(upstreamClosedEarly).toBe(false);
  });

  it('should cancel the upstream call when a paused client goes away', async () => {
    const res = await openStream();
    await untilUpstreamStalls();
    res.destroy();
    await expect.poll(() => upstreamClosedEarly, { timeout: 3000 }).toBe(true);
    expect(written).toBeLessThan(TOTAL / 2);
  });
});

describe('streaming a translated answer to a slow client', () => {
  it('should slow the upstream down as well, and deliver every piece once the client reads', async () => {
    const res = await openStream('messages');
    expect(res.statusCode).toBe(200);
    const stalledAt = await untilUpstreamStalls();
    expect(stalledAt).toBeLessThan(TOTAL / 2);

    let pieces = 0;
    let tail = '';
    res.on('data', (chunk: Buffer) => {
      const text = tail + chunk.toString('latin1');
      pieces += text.split(PIECE).length - 1;
      tail = text.slice(-PIECE.length);
    });
    res.resume();
    await once(res, 'end');
    expect(written).toBe(CHUNKS * CHUNK.length);
    expect(pieces).toBe(CHUNKS);
    expect(tail).toContain('event: message_stop');
    expect(upstreamClosedEarly).toBe(false);
  });

  it('should cancel the upstream call when the paused client goes away', async () => {
    const res = await openStream('messages');
    await untilUpstreamStalls();
    res.destroy();
    await expect.poll(() => upstreamClosedEarly, { timeout: 3000 }).toBe(true);
    expect(written).toBeLessThan(TOTAL / 2);
  });
});
