#!/usr/bin/env node
// The stream relay's own work per streamed answer, in one process, old and new side by side:
// framing the upstream's SSE, deciding which events need parsing, swapping `model`, and building
// what is written to the client. The old path is the one before the byte relay (TextDecoder +
// eventsource-parser through an async iterator, string checks, string output encoded at write);
// the new one is SseFrameReader + the byte scanners + one Buffer per read. No sockets, so the
// figure is the relay's JavaScript alone; the paths alternate, so a busy machine slows both alike.
//
//   npx tsc -p tsconfig.build.json && node bench/relay-framing.mjs [--rounds 6] [--n 4000] [--with-streams]
import { Readable } from 'node:stream';
import { readSseBatches } from '../dist/protocol/sse/read-sse-events.js';
import { SseFrameReader } from '../dist/protocol/sse/sse-frame-reader.js';
import { mayNeedParsing } from '../dist/gateway/relay/relay-passthrough-stream.js';
import { replaceTopLevelModel } from '../dist/gateway/relay/replace-model.js';
import { byteStringEnd, bytesMayNeedParsing, topLevelModelValue } from '../dist/gateway/relay/json-bytes-scan.js';

const argv = process.argv.slice(2);
const arg = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const rounds = arg('--rounds', 6);
const n = arg('--n', 4000);
// --with-streams: both read a Readable (as the relay reads undici's body); without, the framing alone.
const BODY_OLD = argv.includes('--with-streams');
const BODY_NEW = BODY_OLD;

// What bench/overhead's mock sends: 20 chunks, a usage chunk, [DONE], in one read.
const chunk = (content) => `data: {"id":"chatcmpl-mockupstream000000000000000002","object":"chat.completion.chunk","created":1763700000,"model":"mock-model","service_tier":"default","system_fingerprint":"fp_mock0001","choices":[{"index":0,"delta":{"content":"${content}"},"logprobs":null,"finish_reason":null}]}\n\n`;
let text = '';
for (let i = 0; i < 20; i++) text += chunk(` word${i}`);
text += 'data: {"id":"chatcmpl-mockupstream000000000000000002","object":"chat.completion.chunk","created":1763700000,"model":"mock-model","choices":[],"usage":{"prompt_tokens":30,"completion_tokens":20,"total_tokens":50}}\n\n';
text += 'data: [DONE]\n\n';
const READ = Buffer.from(text);
const MODEL = 'bench/mock-chat';
const MODEL_JSON = Buffer.from(JSON.stringify(MODEL));

async function oldPath() {
  let pending = '';
  const unparsed = [];
  for await (const events of readSseBatches(BODY_OLD ? Readable.from([READ]) : [READ], { destroyOnReturn: false })) {
    for (const event of events) {
      const data = event.data;
      if (data === '[DONE]') break;
      if (!mayNeedParsing(data)) {
        unparsed.push(data);
        pending += `data: ${replaceTopLevelModel(data, MODEL)}\n\n`;
        continue;
      }
      const parsed = JSON.parse(data);
      parsed.model = MODEL;
      pending += `data: ${JSON.stringify(parsed)}\n\n`;
    }
  }
  return Buffer.from(pending).length + unparsed.length; // the socket write encodes the string
}

function newPath() {
  const parts = [];
  const unparsed = [];
  const watched = { bytes: null, error: -1, usage: -1 };
  const reader = new SseFrameReader();
  let done = false;
  const body = BODY_NEW ? Readable.from([READ]) : { on: (event, fn) => (event === 'data' ? fn(READ) : fn()) };
  return new Promise((resolve) => {
    body.on('data', (read) => {
      reader.feed(read, {
        data(bytes, start, end, blockStart, blockEnd) {
          if (done) return;
          if (end - start === 6 && bytes.toString('latin1', start, end) === '[DONE]') return void (done = true);
          if (bytesMayNeedParsing(bytes, start, end, watched)) {
            const parsed = JSON.parse(bytes.toString('utf8', start, end));
            parsed.model = MODEL;
            parts.push(Buffer.from(`data: ${JSON.stringify(parsed)}\n\n`));
            return;
          }
          unparsed.push(bytes.subarray(start, end));
          const vs = topLevelModelValue(bytes, start, end);
          const ve = byteStringEnd(bytes, vs, end);
          parts.push(bytes.subarray(blockStart, vs), MODEL_JSON, bytes.subarray(ve + 1, blockEnd));
        },
        event() {},
      });
    });
    body.on('end', () => resolve(Buffer.concat(parts).length + unparsed.length));
  });
}

const [a, b] = [await oldPath(), await newPath()];
if (a !== b) throw new Error(`the paths disagree: ${a} vs ${b} bytes`);
const time = async (fn) => {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / n;
};
for (let i = 0; i < 500; i++) {
  await oldPath();
  await newPath();
}
const olds = [];
const news = [];
for (let r = 0; r < rounds; r++) {
  olds.push(await time(oldPath));
  news.push(await time(newPath));
}
const med = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
process.stdout.write(`relay framing, 22 events per answer, CPU µs per answer (median of ${rounds} rounds × ${n}): old ${med(olds).toFixed(1)} [${olds.map((x) => x.toFixed(1)).join(' ')}], new ${med(news).toFixed(1)} [${news.map((x) => x.toFixed(1)).join(' ')}]\n`);
