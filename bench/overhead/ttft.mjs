#!/usr/bin/env node
// Streaming time to first token at concurrency 1: N sequential streams over one keep-alive connection
// (node:http). TTFT = from just before the request is written to the arrival of the first SSE "data:"
// event that is a chat.completion.chunk. Also: time to the end of the stream, events per stream, and
// whether the stream carried a usage chunk (and usage.cost) and ended with [DONE]. Prints one JSON line.
//
//   node bench/overhead/ttft.mjs --url http://127.0.0.1:8080/v1 --model bench/mock-chat \
//        [-H 'authorization: Bearer sk-tf-...'] [--n 300] [--warmup 30] [--label gateway]
import http from 'node:http';
import { requestBody, percentile } from './lib.mjs';

const opt = { headers: {}, n: 300, warmup: 30, model: 'mock-model', label: '' };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const v = () => argv[++i];
  if (a === '--url') opt.url = v();
  else if (a === '-H' || a === '--header') {
    const h = v();
    const k = h.indexOf(':');
    opt.headers[h.slice(0, k).trim().toLowerCase()] = h.slice(k + 1).trim();
  } else if (a === '--n') opt.n = Number(v());
  else if (a === '--warmup') opt.warmup = Number(v());
  else if (a === '--model') opt.model = v();
  else if (a === '--label') opt.label = v();
  else {
    process.stderr.write(`ttft: unknown argument ${a}\n`);
    process.exit(2);
  }
}
if (!opt.url) {
  process.stderr.write('ttft: --url (base URL ending in /v1) is required\n');
  process.exit(2);
}
const target = new URL(`${opt.url.replace(/\/$/, '')}/chat/completions`);
const body = requestBody(opt.model, true);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...opt.headers };

function once() {
  return new Promise((resolve, reject) => {
    let tFirst = null;
    let text = '';
    const t0 = process.hrtime.bigint();
    const req = http.request({ agent, hostname: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (d) => {
        if (tFirst === null) {
          const before = text.length;
          text += d;
          // first complete-enough data event that is a chunk (search from shortly before the new bytes)
          const at = text.indexOf('data:', Math.max(0, before - 5));
          if (at !== -1 && text.indexOf('chat.completion.chunk', at) !== -1) tFirst = process.hrtime.bigint();
        } else text += d;
      });
      res.on('end', () => {
        const tEnd = process.hrtime.bigint();
        if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}: ${text.slice(0, 300)}`));
        const events = text.split(/\r?\n\r?\n/).filter((e) => e.startsWith('data:'));
        const payloads = events.map((e) => e.slice(5).trim());
        const done = payloads.at(-1) === '[DONE]';
        let usage = null;
        let contentChunks = 0;
        let errorFrame = false;
        for (const p of payloads) {
          if (p === '[DONE]') continue;
          let j;
          try {
            j = JSON.parse(p);
          } catch {
            return reject(new Error(`unparseable SSE data: ${p.slice(0, 200)}`));
          }
          if (j.error) errorFrame = true;
          if (j.usage) usage = j.usage;
          if (Array.isArray(j.choices) && j.choices.length) contentChunks++;
        }
        if (tFirst === null) return reject(new Error(`no chat.completion.chunk in stream: ${text.slice(0, 300)}`));
        resolve({ ttft: Number(tFirst - t0) / 1e6, total: Number(tEnd - t0) / 1e6, events: events.length, contentChunks, done, usage, errorFrame });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

for (let i = 0; i < opt.warmup; i++) await once();
const ttft = [];
const total = [];
let last = null;
let bad = 0;
for (let i = 0; i < opt.n; i++) {
  const r = await once();
  ttft.push(r.ttft);
  total.push(r.total);
  if (!r.done || r.errorFrame) bad++;
  last = r;
}
agent.destroy();
const r3 = (x) => Math.round(x * 1000) / 1000;
process.stdout.write(
  `${JSON.stringify({
    label: opt.label,
    url: opt.url,
    n: opt.n,
    ttft_p50_ms: r3(percentile(ttft, 50)),
    ttft_p90_ms: r3(percentile(ttft, 90)),
    ttft_p99_ms: r3(percentile(ttft, 99)),
    ttft_min_ms: r3(Math.min(...ttft)),
    total_p50_ms: r3(percentile(total, 50)),
    total_p99_ms: r3(percentile(total, 99)),
    events_per_stream: last.events,
    content_chunks_per_stream: last.contentChunks,
    usage_chunk: last.usage !== null,
    usage_cost: last.usage?.cost ?? null,
    streams_without_done_or_with_error: bad,
  })}\n`,
);
