import { createServer, request, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SseWriter } from './sse-response.js';

/** Serve one answer written by `write` and return what a client receives. */
async function receive(write: (writer: SseWriter, res: ServerResponse) => void): Promise<{ headers: IncomingHttpHeaders; body: string }> {
  const server = createServer((_req, res) => write(new SseWriter(res), res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (text: string) => (body += text));
        res.on('end', () => resolve({ headers: res.headers, body }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.close();
  }
}

describe('SseWriter', () => {
  it('should send the SSE headers with the caller headers, a caller header replacing a default', async () => {
    const { headers, body } = await receive((writer) => {
      writer.start({ 'x-request-id': 'req_1', 'cache-control': 'no-store', 'x-ratelimit-limit-requests': 60 });
      writer.send('data: 1\n\n');
      writer.end();
    });
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['x-accel-buffering']).toBe('no');
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['x-request-id']).toBe('req_1');
    expect(headers['x-ratelimit-limit-requests']).toBe('60');
    expect(body).toBe('data: 1\n\n');
  });

  it('should send held bytes and text after what was written, in the order held, with the end', async () => {
    const { body } = await receive((writer) => {
      writer.start({});
      writer.writeBytes(Buffer.from('data: 1\n\n'));
      writer.holdBytes(Buffer.from('data: 2\n\n'));
      writer.hold('data: {"usage":{}}\n\n');
      writer.holdBytes(Buffer.from('data: 3\n\n'));
      writer.hold('data: [DONE]\n\n');
      setTimeout(() => writer.end(), 10);
    });
    expect(body).toBe('data: 1\n\ndata: 2\n\ndata: {"usage":{}}\n\ndata: 3\n\ndata: [DONE]\n\n');
  });

  it('should hold what was sent in this tick before what was held, and send both with the end', async () => {
    const { body } = await receive((writer) => {
      writer.start({});
      writer.writeBytes(Buffer.from('data: 1\n\n'));
      writer.send('data: 2\n\n');
      writer.hold('data: {"usage":{}}\n\n');
      writer.holdQueued();
      writer.hold('data: [DONE]\n\n');
      // Later than the end of the tick: nothing may have been written in between.
      setTimeout(() => {
        writer.send('data: 3\n\n');
        writer.end();
      }, 10);
    });
    expect(body).toBe('data: 1\n\ndata: 2\n\ndata: {"usage":{}}\n\ndata: [DONE]\n\ndata: 3\n\n');
  });

  it('should send what was held before anything written later', async () => {
    const { body } = await receive((writer) => {
      writer.start({});
      writer.holdBytes(Buffer.from('data: 1\n\n'));
      writer.hold('data: 2\n\n');
      writer.writeBytes(Buffer.from('data: 3\n\n'));
      writer.send('data: 4\n\n');
      writer.end();
    });
    expect(body).toBe('data: 1\n\ndata: 2\n\ndata: 3\n\ndata: 4\n\n');
  });
});
