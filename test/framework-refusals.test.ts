import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoCatalogue } from '../src/testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

// Refusals Fastify and Node's HTTP parser make before any route runs: each must still be ours
// (the envelope of the API asked, an x-request-id), never the framework's own body.

let gw: TestGateway;
let port: number;

beforeAll(async () => {
  gw = await startTestGateway({ catalogue: readDemoCatalogue() });
  port = Number(new URL(gw.rootURL).port);
});
afterAll(async () => gw?.close());

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Send bytes as they are (fetch would refuse or fix them) and read the answer until the server closes or the body is complete. */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const finish = () => {
      const split = data.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no answer: ${JSON.stringify(data.slice(0, 200))}`));
      const [statusLine = '', ...lines] = data.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: data.slice(split + 4) });
      socket.destroy();
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
      const split = data.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(data.slice(0, split));
      if (split >= 0 && length && data.length - split - 4 >= Number(length[1])) finish();
    });
    socket.on('end', finish);
    socket.on('error', (error) => (data.includes('\r\n\r\n') ? finish() : reject(error)));
    socket.write(request);
  });
}

function get(path: string, extra = ''): Promise<RawAnswer> {
  return raw(`GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}Connection: close\r\n\r\n`);
}

function expectOpenAI(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['x-request-id']).toMatch(/^req_/);
  expect(answer.headers['content-type']).toMatch(/application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ error: { message: expect.any(String), type: expect.any(String), param: null, code } });
}

function expectConsole(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['x-request-id']).toMatch(/^req_/);
  expect(JSON.parse(answer.body)).toEqual({ error: { code, message: expect.any(String), param: null, request_id: answer.headers['x-request-id'] } });
}

describe('framework refusals in our envelope', () => {
  it('should answer a malformed percent-escape with 400 invalid_url', async () => {
    expectConsole(await get('/api/projects/%zz'), 400, 'invalid_url');
    expectOpenAI(await get('/v1/models/openai/%zz'), 400, 'invalid_url');
    const anthropic = await raw('POST /v1/messages/%zz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    expect(anthropic.status).toBe(400);
    expect(JSON.parse(anthropic.body)).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', code: 'invalid_url' }, request_id: anthropic.headers['x-request-id'] });
  });

  it('should answer an over-long path parameter with 414 url_too_long', async () => {
    expectConsole(await get(`/api/orgs/${'o'.repeat(500)}`), 414, 'url_too_long');
    expectOpenAI(await get(`/v1/responses/${'r'.repeat(500)}`), 414, 'url_too_long');
  });

  it('should answer headers (or a URL) over the limit with 431 request_headers_too_large', async () => {
    expectOpenAI(await get('/v1/models', `X-Big: ${'h'.repeat(20_000)}\r\n`), 431, 'request_headers_too_large');
    expectOpenAI(await get(`/v1/models?q=${'q'.repeat(20_000)}`), 431, 'request_headers_too_large');
  });

  it('should answer bytes that are not HTTP with 400 invalid_http_request', async () => {
    expectOpenAI(await raw('NOT HTTP AT ALL\r\n\r\n'), 400, 'invalid_http_request');
    expectOpenAI(await raw('POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n'), 400, 'invalid_http_request');
  });

  it('should answer a body over the limit with 413 in the envelope', async () => {
    const answer = await raw(`POST /api/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\nContent-Length: 70000\r\nConnection: close\r\n\r\n{"email":"${'e'.repeat(69_985)}"}`);
    expectConsole(answer, 413, 'request_too_large');
  });
});

describe('wrong methods', () => {
  it('should answer 405 method_not_allowed with allow on a known path', async () => {
    const chat = await get('/v1/chat/completions');
    expectOpenAI(chat, 405, 'method_not_allowed');
    expect(chat.headers.allow).toBe('POST');
    const me = await raw('DELETE /api/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expectConsole(me, 405, 'method_not_allowed');
    expect(me.headers.allow).toBe('GET, HEAD');
    const messages = await get('/v1/messages');
    expect(messages.status).toBe(405);
    expect(JSON.parse(messages.body)).toMatchObject({ type: 'error', error: { code: 'method_not_allowed' } });
  });

  it('should still answer 404 unknown_url on unknown paths', async () => {
    expectOpenAI(await get('/v1/nothing-here'), 404, 'unknown_url');
    expectConsole(await get('/api/nothing-here'), 404, 'unknown_url');
  });
});
