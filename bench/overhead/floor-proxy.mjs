#!/usr/bin/env node
// The stack's floor for the overhead benchmark: the least a Fastify 5 + undici proxy must do for one chat
// completion, on the gateway's own stack (Node 20, Fastify, one keep-alive undici Pool). Not a product: no
// key lookup, catalogue, limits, billing, request log or logging. run.mjs measures it next to the gateway
// in the same rounds, so "gateway ÷ floor" shows how much of the gap to direct is the gateway's own work
// and how much any proxy on this stack pays on this box. See bench/README.md.
//
//   node bench/overhead/floor-proxy.mjs --port P [--host 127.0.0.1] [--upstream http://127.0.0.1:18080] [--threads 1]
//
//   --threads N  serve from N threads: the main thread listens and N-1 worker threads, each with its own
//                Fastify app and undici Pool, accept on the same socket (listen({fd}); Linux, Node ≥ 20).
//                Measures what a second core buys a Node proxy on this box and what its isolate costs in RSS.
//
//   POST /v1/chat/completions  Fastify's default JSON body parsing; 401 without `authorization: Bearer …`
//                              (presence only); "model" set to mock-model; forwarded to the upstream's
//                              /v1/chat/completions. Non-streaming: the answer is parsed, usage.cost (a
//                              constant) added and re-serialised, with an x-request-id header. Streaming:
//                              the upstream's SSE bytes are piped to the client as they arrive, unparsed.
//   GET  /health               "ok".
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import Fastify from 'fastify';
import { Pool } from 'undici';

const USAGE = 'node floor-proxy.mjs --port P [--host 127.0.0.1] [--upstream http://127.0.0.1:18080] [--threads 1]';
let args;
if (isMainThread) {
  try {
    args = parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        host: { type: 'string', default: '127.0.0.1' },
        upstream: { type: 'string', default: 'http://127.0.0.1:18080' },
        threads: { type: 'string', default: '1' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`floor-proxy: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
} else {
  args = workerData.args;
}
const opt = { port: Number(args.port), host: args.host, upstream: args.upstream, threads: Number(args.threads) };
if (!Number.isInteger(opt.threads) || opt.threads < 1) {
  process.stderr.write(`floor-proxy: --threads must be a whole number ≥ 1\n${USAGE}\n`);
  process.exit(2);
}

const UPSTREAM_MODEL = 'mock-model';
const UPSTREAM_PATH = '/v1/chat/completions';
// What the gateway would price this request at is irrelevant here; the point is the cost of adding a field.
const COST = '0.0000348';

// Same pool settings as the gateway's upstream client (src/providers/http/upstream-client.ts).
const pool = new Pool(new URL(opt.upstream).origin, { keepAliveTimeout: 30_000, connections: 256 });
const UPSTREAM_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const app = Fastify({ logger: false, genReqId: () => randomUUID() });

function sendError(reply, status, message, type) {
  return reply.code(status).send({ error: { message, type, param: null, code: null } });
}

app.get('/health', (_request, reply) => reply.type('text/plain').send('ok'));

app.post('/v1/chat/completions', async (request, reply) => {
  const auth = request.headers.authorization;
  if (typeof auth !== 'string' || !auth.startsWith('Bearer ')) return sendError(reply, 401, 'missing bearer token', 'invalid_request_error');
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return sendError(reply, 400, 'body must be a JSON object', 'invalid_request_error');
  body.model = UPSTREAM_MODEL;
  const stream = body.stream === true;

  let res;
  try {
    res = await pool.request({ path: UPSTREAM_PATH, method: 'POST', headers: { ...UPSTREAM_HEADERS, 'x-request-id': request.id }, body: JSON.stringify(body) });
  } catch (e) {
    return sendError(reply, 502, `upstream: ${e.message}`, 'upstream_error');
  }
  reply.header('x-request-id', request.id);
  if (res.statusCode !== 200) {
    // Relayed as received: the floor has no error mapping.
    return reply.code(res.statusCode).type(res.headers['content-type'] ?? 'application/json').send(res.body);
  }
  if (stream) {
    // Fastify pipes the stream and destroys it (aborting the upstream call) if the client goes away.
    return reply.type('text/event-stream; charset=utf-8').header('cache-control', 'no-cache').send(res.body);
  }
  const answer = await res.body.json();
  if (answer && typeof answer.usage === 'object' && answer.usage !== null) answer.usage.cost = COST;
  return answer;
});

if (!isMainThread) {
  // A worker thread accepts on the main thread's listening socket: each accept() wakes one loop.
  await app.listen({ fd: workerData.fd });
  parentPort.postMessage('listening');
} else {
  // Nothing to flush: exit at once, as the mock does.
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
  try {
    await app.listen({ port: opt.port, host: opt.host });
    const fd = app.server._handle?.fd;
    if (opt.threads > 1 && !(fd >= 0)) throw new Error('--threads needs the listening socket\'s file descriptor (Linux)');
    const ready = [];
    for (let i = 1; i < opt.threads; i++) {
      const worker = new Worker(new URL(import.meta.url), { workerData: { args, fd } });
      worker.on('error', (e) => {
        process.stderr.write(`floor-proxy thread: ${e.message}\n`);
        process.exit(1);
      });
      ready.push(new Promise((resolve) => worker.once('message', resolve)));
    }
    await Promise.all(ready);
  } catch (e) {
    process.stderr.write(`floor-proxy: ${e.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify({ msg: 'floor proxy listening', url: `http://${opt.host}:${app.server.address().port}/v1`, upstream: opt.upstream, threads: opt.threads })}\n`);
}
