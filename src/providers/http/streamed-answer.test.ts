import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import type { BodyReader } from '../upstream-body.js';
import { toReadable } from './body-readable.js';
import { createUpstreamClient, type UpstreamClient } from './upstream-client.js';

/** A signal nobody aborts, or one the test aborts. */
function signal(): AbortController {
  return new AbortController();
}

/** What a reader saw, in order. */
function recorder(): BodyReader & { log: string[]; done: Promise<void> } {
  const log: string[] = [];
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    log,
    done,
    data: (chunk) => void log.push(chunk.toString('utf8')),
    end: () => {
      log.push('<end>');
      finish();
    },
    error: (error) => {
      log.push(`<error ${error.message}>`);
      finish();
    },
  };
}

let server: Server | null = null;
let client: UpstreamClient | null = null;
/**
 * Upstream connections the test's server accepted, and requests it saw closed before their end. A
 * new object per server: a closing server of the test before must not count in this one.
 */
let seen = { connections: 0, cancelled: 0 };

async function start(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<UpstreamClient> {
  const counts = { connections: 0, cancelled: 0 };
  seen = counts;
  server = createServer((req, res) => {
    res.on('close', () => {
      if (!res.writableFinished) counts.cancelled++;
    });
    req.resume();
    req.on('end', () => handler(req, res));
  });
  server.on('connection', () => counts.connections++);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  client = createUpstreamClient({
    providerId: 'up',
    baseUrl: `http://127.0.0.1:${port}/v1`,
    headers: {},
    timeouts: { connectMs: 2_000, headersMs: 5_000, idleMs: 5_000, firstTokenMs: 5_000 },
  });
  return client;
}

afterEach(async () => {
  await client?.close();
  client = null;
  server?.closeAllConnections();
  server?.close();
  server = null;
});

const options = (abort = signal()) => ({ signal: abort.signal, requestId: 'req-1' });
const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe('postJsonStream', () => {
  it('should hand each read to the reader as it arrives, the reads that came before it first, then the end', async () => {
    const upstream = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('one ');
      setTimeout(() => res.write('two '), 30);
      setTimeout(() => res.end('three'), 60);
    });
    const res = await upstream.postJsonStream('/chat/completions', '{}', options());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    await tick(10);
    const reader = recorder();
    res.body.read(reader);
    await reader.done;
    expect(reader.log.join('')).toBe('one two three<end>');
    expect(res.body.finished).toBe(true);
  });

  it('should give bytes put back with unshift to the next reader before the rest', async () => {
    const upstream = await start((_req, res) => {
      res.writeHead(200);
      res.write('first');
      setTimeout(() => res.end(' second'), 30);
    });
    const res = await upstream.postJsonStream('/chat/completions', '{}', options());
    const peeked: string[] = [];
    await new Promise<void>((resolve) =>
      res.body.read({
        data(chunk) {
          peeked.push(chunk.toString());
          res.body.read(null);
          res.body.unshift(chunk);
          resolve();
        },
        end: () => undefined,
        error: () => undefined,
      }),
    );
    const reader = recorder();
    res.body.read(reader);
    await reader.done;
    expect(peeked).toEqual(['first']);
    expect(reader.log.join('')).toBe('first second<end>');
  });

  it('should stop reading the upstream while paused and deliver everything after resume', async () => {
    const big = 'x'.repeat(256 * 1024);
    let finished = false;
    const upstream = await start((_req, res) => {
      res.writeHead(200);
      // Far more than the sockets between the two hold: the upstream must wait for the reader.
      const chunks = 64;
      let sent = 0;
      const next = () => {
        while (sent < chunks) {
          sent++;
          if (!res.write(big)) return void res.once('drain', next);
        }
        res.end(() => (finished = true));
      };
      next();
    });
    const res = await upstream.postJsonStream('/chat/completions', '{}', options());
    let bytes = 0;
    const ended = new Promise<void>((resolve, reject) =>
      res.body.read({
        data: (chunk) => {
          bytes += chunk.length;
          res.body.pause();
        },
        end: resolve,
        error: reject,
      }),
    );
    await tick(200);
    const whilePaused = bytes;
    expect(finished).toBe(false);
    await tick(100);
    expect(bytes).toBe(whilePaused);
    const resumeAll = setInterval(() => res.body.resume(), 1);
    await ended;
    clearInterval(resumeAll);
    expect(bytes).toBe(64 * big.length);
  });

  it('should cancel the upstream call when destroyed mid-body, and call the reader no more', async () => {
    const upstream = await start((_req, res) => {
      res.writeHead(200);
      res.write('data: 1\n\n');
      const timer = setInterval(() => res.write('data: more\n\n'), 10);
      res.on('close', () => clearInterval(timer));
    });
    const res = await upstream.postJsonStream('/chat/completions', '{}', options());
    const reader = recorder();
    res.body.read(reader);
    await tick(50);
    res.body.destroy();
    const count = reader.log.length;
    await tick(100);
    expect(seen.cancelled).toBe(1);
    expect(reader.log.length).toBe(count);
    expect(reader.log).not.toContain('<end>');
  });

  it('should read the rest after discard and reuse the connection for the next call', async () => {
    const upstream = await start((_req, res) => {
      res.writeHead(200);
      res.write('data: [DONE]\n\n');
      setTimeout(() => res.end(': trailing comment\n\n'), 30);
    });
    const first = await upstream.postJsonStream('/chat/completions', '{}', options());
    const reader = recorder();
    first.body.read({ ...reader, data: (chunk) => (reader.data(chunk), first.body.discard()) });
    await tick(100);
    expect(reader.log).toEqual(['data: [DONE]\n\n']);
    const second = await upstream.postJsonStream('/chat/completions', '{}', options());
    const again = recorder();
    second.body.read(again);
    await again.done;
    expect(seen.connections).toBe(1);
    expect(seen.cancelled).toBe(0);
  });

  it('should reject a non-2xx answer with the GatewayError its status maps to, with the upstream message', async () => {
    const upstream = await start((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
      res.end(JSON.stringify({ error: { message: 'slow down please', type: 'rate_limit_error' } }));
    });
    const error = await upstream.postJsonStream('/chat/completions', '{}', options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(429);
    expect((error as GatewayError).message).toContain('slow down please');
  });

  it('should not read more than 64 KiB of an error answer: it rejects with the start of it and drops the call', async () => {
    const upstream = await start((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.write(`{"error": {"message": "overloaded, try later", "padding": "`);
      // Never ends: only the limit can settle the call.
      const timer = setInterval(() => res.write('x'.repeat(16 * 1024)), 5);
      res.on('close', () => clearInterval(timer));
    });
    const error = await upstream.postJsonStream('/chat/completions', '{}', options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(502);
    await tick(50);
    expect(seen.cancelled).toBe(1);
  });

  it('should give the reader an error when the upstream connection breaks mid-body', async () => {
    const upstream = await start((_req, res) => {
      res.writeHead(200);
      res.write('data: 1\n\n');
      setTimeout(() => res.socket?.destroy(), 30);
    });
    const res = await upstream.postJsonStream('/chat/completions', '{}', options());
    const reader = recorder();
    res.body.read(reader);
    await reader.done;
    expect(reader.log[0]).toBe('data: 1\n\n');
    expect(reader.log.at(-1)).toMatch(/^<error /);
  });

  it('should cancel the call when its signal aborts mid-body, and tell the reader', async () => {
    const upstream = await start((_req, res) => {
      res.writeHead(200);
      res.write('data: 1\n\n');
    });
    const abort = signal();
    const res = await upstream.postJsonStream('/chat/completions', '{}', options(abort));
    const reader = recorder();
    res.body.read(reader);
    await tick(30);
    abort.abort(new Error('client left'));
    await reader.done;
    expect(reader.log.at(-1)).toBe('<error client left>');
    await tick(50);
    expect(seen.cancelled).toBe(1);
  });

  it('should read as a Node Readable with toReadable, and cancel the call when the Readable is destroyed', async () => {
    const upstream = await start((_req, res) => {
      res.writeHead(200);
      res.write('a');
      setTimeout(() => res.write('b'), 20);
    });
    const res = await upstream.postJsonStream('/chat/completions', '{}', options());
    const readable = toReadable(res.body);
    const got: string[] = [];
    for await (const chunk of readable) {
      got.push(String(chunk));
      if (got.length === 2) break;
    }
    expect(got).toEqual(['a', 'b']);
    await tick(50);
    expect(seen.cancelled).toBe(1);
  });
});
