#!/usr/bin/env node
// A fast OpenAI-compatible upstream for the overhead benchmark (node:http, keep-alive, no dependencies).
//
//   node bench/overhead/mock-upstream.mjs [--port 18080] [--host 127.0.0.1] [--chunks 20] [--chunk-delay-ms 0]
//
//   POST /v1/chat/completions  non-streaming: a fixed chat.completion (with usage).
//                              "stream": true: --chunks chat.completion.chunk events; when the request has
//                              "stream_options": {"include_usage": true}, one more chunk with "choices": [] and
//                              usage (as OpenAI sends it); then "data: [DONE]".
//   POST /v1/messages          the same reply as an Anthropic Messages answer; "stream": true sends it as
//                              Anthropic SSE in --chunks writes: message_start with content_block_start, a ping
//                              and the first content_block_delta, one content_block_delta each, then
//                              content_block_stop, message_delta (usage) and message_stop (for a gateway that
//                              translates to an Anthropic upstream).
//   GET  /v1/models            one model, "mock-model".
//   GET  /health               "ok".
//   GET  /_mock/stats          {"requests": N, "connections": N, "last": {method, url, headers, body}} (POSTs
//                              served, TCP connections accepted, the last POST: the benchmark uses these to
//                              check what the gateway sends upstream and whether it reuses connections).
//
// Every response body is built once at start-up, so the mock costs a few tens of µs of CPU per request and
// the "direct" figures show the cost of the loopback + load generator, not of the mock.
import http from 'node:http';

const opt = { port: 18080, host: '127.0.0.1', chunks: 20, chunkDelayMs: 0 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const v = () => argv[++i];
  if (a === '--port') opt.port = Number(v());
  else if (a === '--host') opt.host = v();
  else if (a === '--chunks') opt.chunks = Number(v());
  else if (a === '--chunk-delay-ms') opt.chunkDelayMs = Number(v());
  else if (a === '--help' || a === '-h') {
    process.stdout.write('node mock-upstream.mjs [--port 18080] [--host 127.0.0.1] [--chunks 20] [--chunk-delay-ms 0]\n');
    process.exit(0);
  } else {
    process.stderr.write(`mock-upstream: unknown argument ${a}\n`);
    process.exit(2);
  }
}
if (!(opt.chunks >= 2)) {
  process.stderr.write('mock-upstream: --chunks must be at least 2 (first carries the role, last the finish_reason)\n');
  process.exit(2);
}

const MODEL = 'mock-model';
const CREATED = 1763700000;
const REPLY =
  'Hello! This is a fixed reply from the mock upstream. The weather in Paris today is mild, partly cloudy, ' +
  'around 18 degrees Celsius, with a light westerly breeze.';
const USAGE = {
  prompt_tokens: 24,
  completion_tokens: 52,
  total_tokens: 76,
  prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
  completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
};

const completionBuf = Buffer.from(
  JSON.stringify({
    id: 'chatcmpl-mockupstream000000000000000001',
    object: 'chat.completion',
    created: CREATED,
    model: MODEL,
    choices: [{ index: 0, message: { role: 'assistant', content: REPLY, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
    usage: USAGE,
    service_tier: 'default',
    system_fingerprint: 'fp_mock0001',
  }),
);

const TOKENS = [' The', ' weather', ' in', ' Paris', ' is', ' mild', ' today', ',', ' partly', ' cloudy', ',', ' around', ' 18', ' degrees', ' Celsius', ' with', ' a', ' light', ' breeze', '.'];
function chunk(choices, extra) {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-mockupstream000000000000000002',
    object: 'chat.completion.chunk',
    created: CREATED,
    model: MODEL,
    service_tier: 'default',
    system_fingerprint: 'fp_mock0001',
    choices,
    ...extra,
  })}\n\n`;
}
// OpenAI puts "usage": null on every chunk when include_usage is set; plain streams have no usage field.
function streamEvents(withUsage) {
  const extra = withUsage ? { usage: null } : {};
  const events = [];
  for (let i = 0; i < opt.chunks; i++) {
    let choice;
    if (i === 0) choice = { index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null };
    else if (i === opt.chunks - 1) choice = { index: 0, delta: {}, logprobs: null, finish_reason: 'stop' };
    else choice = { index: 0, delta: { content: TOKENS[(i - 1) % TOKENS.length] }, logprobs: null, finish_reason: null };
    events.push(chunk([choice], extra));
  }
  if (withUsage) events.push(chunk([], { usage: USAGE }));
  events.push('data: [DONE]\n\n');
  return events;
}
const plainEvents = streamEvents(false);
const usageEvents = streamEvents(true);
const plainStreamBuf = Buffer.from(plainEvents.join(''));
const usageStreamBuf = Buffer.from(usageEvents.join(''));
const modelsBuf = Buffer.from(JSON.stringify({ object: 'list', data: [{ id: MODEL, object: 'model', created: CREATED, owned_by: 'mock' }] }));

// Anthropic Messages (wire-formats §5.3-5.4): the same reply and usage, for the translating path.
const anthropicEvent = (type, data) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
const ANTHROPIC_USAGE = { input_tokens: USAGE.prompt_tokens, output_tokens: USAGE.completion_tokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
const messageBuf = Buffer.from(
  JSON.stringify({ id: 'msg_mockupstream0000000001', type: 'message', role: 'assistant', model: MODEL, content: [{ type: 'text', text: REPLY }], stop_reason: 'end_turn', stop_sequence: null, usage: ANTHROPIC_USAGE }),
);
/** One string per write: --chunks writes, as the OpenAI stream has. */
function anthropicWrites() {
  const writes = [
    anthropicEvent('message_start', { message: { id: 'msg_mockupstream0000000002', type: 'message', role: 'assistant', model: MODEL, content: [], stop_reason: null, stop_sequence: null, usage: { ...ANTHROPIC_USAGE, output_tokens: 1 } } }) +
      anthropicEvent('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
      anthropicEvent('ping', {}) +
      // The first text comes with the start, as the OpenAI stream's first chunk carries content: the
      // load generator's time to first token is then the first write's on both.
      anthropicEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text: TOKENS[0] } }),
  ];
  for (let i = 1; i < opt.chunks - 1; i++) writes.push(anthropicEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text: TOKENS[i % TOKENS.length] } }));
  writes.push(
    anthropicEvent('content_block_stop', { index: 0 }) +
      anthropicEvent('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: USAGE.completion_tokens } }) +
      anthropicEvent('message_stop', {}),
  );
  return writes;
}
const anthropicStreamWrites = anthropicWrites();
const anthropicStreamBuf = Buffer.from(anthropicStreamWrites.join(''));

let requests = 0;
let connections = 0;
let last = null;

function json(res, status, buf) {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': buf.length });
  res.end(buf);
}
function error(res, status, message, type = 'invalid_request_error') {
  json(res, status, Buffer.from(JSON.stringify({ error: { message, type, param: null, code: null } })));
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function stream(res, withUsage) {
  await writeStream(res, withUsage ? usageStreamBuf : plainStreamBuf, withUsage ? usageEvents : plainEvents);
}

async function writeStream(res, whole, events) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  if (opt.chunkDelayMs <= 0) {
    res.end(whole);
    return;
  }
  for (let i = 0; i < events.length; i++) {
    if (res.destroyed) return;
    if (i === events.length - 1) res.end(events[i]);
    else res.write(events[i]);
    // delay between content chunks only; the usage chunk and [DONE] follow the last content chunk at once
    if (i < opt.chunks - 1) await sleep(opt.chunkDelayMs);
  }
}

const server = http.createServer((req, res) => {
  const parts = [];
  req.on('data', (c) => parts.push(c));
  req.on('end', () => {
    const path = req.url.split('?', 1)[0];
    if (req.method === 'GET') {
      if (path === '/health') return res.end('ok');
      if (path === '/v1/models' || path === '/models') return json(res, 200, modelsBuf);
      if (path === '/_mock/stats') return json(res, 200, Buffer.from(JSON.stringify({ requests, connections, last })));
      return error(res, 404, `no route GET ${path}`);
    }
    if (req.method !== 'POST') return error(res, 405, `method ${req.method} not allowed`);
    requests++;
    const raw = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    last = { method: req.method, url: req.url, headers: req.headers, body: raw.toString('utf8') };
    const anthropic = path === '/v1/messages';
    if (!anthropic && path !== '/v1/chat/completions' && path !== '/chat/completions') return error(res, 404, `no route POST ${path}`);
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return error(res, 400, 'request body is not valid JSON');
    }
    if (body === null || typeof body !== 'object' || !Array.isArray(body.messages)) return error(res, 400, "'messages' is required");
    if (anthropic) return body.stream === true ? void writeStream(res, anthropicStreamBuf, anthropicStreamWrites) : json(res, 200, messageBuf);
    if (body.stream === true) return void stream(res, body.stream_options?.include_usage === true);
    return json(res, 200, completionBuf);
  });
});
server.on('connection', () => connections++);
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.maxRequestsPerSocket = 0;
server.on('error', (e) => {
  process.stderr.write(`mock-upstream: ${e.message}\n`);
  process.exit(1);
});
// A deep listen queue, as the gateway and the benchmarks' nginx have (Node's default is 511): a burst
// of new connections that outruns accept() must wait in it, not be dropped and retried a second later.
server.listen({ port: opt.port, host: opt.host, backlog: 4096 }, () => {
  process.stdout.write(
    `${JSON.stringify({ msg: 'mock upstream listening', url: `http://${opt.host}:${opt.port}/v1`, chunks: opt.chunks, chunkDelayMs: opt.chunkDelayMs, completionBytes: completionBuf.length })}\n`,
  );
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
