import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

// Token counting of huge inputs must not hold the event loop: while several 100,000-character
// requests are counted (count_tokens, a rerank, a chat whose upstream reports no usage, so the
// gateway estimates, and a chat to the built-in simulator, which counts its own prompt), /health
// keeps answering within 50 ms.

let upstream: Server;
let gw: TestGateway;

beforeAll(async () => {
  // An OpenAI-compatible upstream that reports no usage, answering at once.
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.endsWith('/rerank')) {
        const documents = (JSON.parse(body) as { documents: unknown[] }).documents;
        res.end(JSON.stringify({ results: documents.map((_, index) => ({ index, relevance_score: 1 / (index + 1) })) }));
        return;
      }
      res.end(JSON.stringify({ id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] }));
    });
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const url = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/v1`;
  gw = await startTestGateway({
    catalogue: `
providers:
  - {id: up, type: openai, baseUrl: ${url}, apiKeyEnv: UP_KEY, timeouts: {connectMs: 1000, headersMs: 60000, idleMs: 60000}}
  - {id: sim, type: sim}
models:
  - {id: acme/chat, kind: chat, contextLength: 1000000, maxOutputTokens: 100, pricing: {input: "0.15", output: "0.60"}, provider: up, upstreamModel: chat}
  - {id: acme/rerank, kind: rerank, contextLength: 1000000, pricing: {input: "0.05"}, provider: up, upstreamModel: rerank}
  - {id: sim/chat, kind: chat, contextLength: 1000000, maxOutputTokens: 100, pricing: {input: "0.15", output: "0.60"}, provider: sim, upstreamModel: sim-chat}
`,
    env: { UP_KEY: 'unused' },
  });
});
afterAll(async () => {
  await gw?.close();
  upstream?.closeAllConnections();
  upstream?.close();
});

const WORDS = 'the quick brown fox jumps over a lazy dog while seventeen zebras calculate'.split(' ');
/** Prose, then a run without spaces a fifth as long (quadratic for a BPE tokenizer in one piece). */
function textOf(size: number, seed: number): string {
  let text = '';
  for (let i = seed; text.length < size * 0.8; i += 1) text += `${WORDS[(i * 7) % WORDS.length]} `;
  return (text.slice(0, size * 0.8) + 'x'.repeat(size * 0.2)).slice(0, size);
}

function post(path: string, body: string): Promise<Response> {
  return fetch(`${gw.rootURL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
    body,
  });
}

/** Send the five requests with texts of this size and time /health every 5 ms until they are answered. */
async function probeWhileCounting(size: number): Promise<{ answers: Response[]; latencies: number[] }> {
  // Built before the clock starts: this process is the client as well as the gateway.
  const bodies = [
    ['/v1/messages/count_tokens', { model: 'acme/chat', messages: [{ role: 'user', content: textOf(size, 1) }] }],
    ['/v1/messages/count_tokens', { model: 'acme/chat', messages: [{ role: 'user', content: textOf(size, 2) }] }],
    ['/v1/rerank', { model: 'acme/rerank', query: textOf(size, 3), documents: ['one', 'two'] }],
    ['/v1/chat/completions', { model: 'acme/chat', messages: [{ role: 'user', content: textOf(size, 4) }] }],
    ['/v1/chat/completions', { model: 'sim/chat', messages: [{ role: 'user', content: textOf(size, 5) }] }],
  ].map(([path, body]) => [path as string, JSON.stringify(body)] as const);
  let inFlight = true;
  const requests = Promise.all(bodies.map(([path, body]) => post(path, body))).finally(() => (inFlight = false));
  const latencies: number[] = [];
  while (inFlight) {
    const start = performance.now();
    await (await fetch(`${gw.rootURL}/health`)).text();
    if (inFlight) latencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { answers: await requests, latencies };
}

const worst = (latencies: readonly number[]) => Math.max(0, ...latencies);

describe('huge inputs and the event loop', () => {
  it('should answer /health within 50 ms while several 100,000-character requests are counted', { timeout: 300_000 }, async () => {
    // First calls load the tokenizer (on its thread) and each route's code.
    await probeWhileCounting(100);
    // The same five requests with 1,000-character texts, just before and after, give this machine's
    // own latency (a shared CI box is noisy): counting 100,000 characters may add at most 50 ms to
    // it. A stall is systematic and noise is not, so the best of three rounds is judged; counted on
    // the event loop, every round held it for seconds.
    const rounds: { baseline: number; huge: number; probes: number }[] = [];
    for (let round = 0; round < 3; round += 1) {
      const before = await probeWhileCounting(1_000);
      const huge = await probeWhileCounting(100_000);
      const after = await probeWhileCounting(1_000);
      expect(huge.answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      // ~16,000 tokens of prose plus 20,000 x's (8 to a token): counted, not guessed.
      expect(((await huge.answers[0]!.json()) as { input_tokens: number }).input_tokens).toBeGreaterThan(15_000);
      expect(((await huge.answers[3]!.json()) as { usage: { prompt_tokens: number } }).usage.prompt_tokens).toBeGreaterThan(15_000);
      // The simulator's own count (usage it reports, not an estimate of the gateway's).
      expect(((await huge.answers[4]!.json()) as { usage: { prompt_tokens: number } }).usage.prompt_tokens).toBeGreaterThan(15_000);
      rounds.push({ baseline: worst([...before.latencies, ...after.latencies]), huge: worst(huge.latencies), probes: huge.latencies.length });
      if (rounds.at(-1)!.huge < rounds.at(-1)!.baseline + 50) break;
    }
    console.log(`/health worst latency per round (1,000 / 100,000 chars, probes): ${rounds.map((r) => `${r.baseline.toFixed(0)} / ${r.huge.toFixed(0)} ms (${r.probes})`).join('; ')}`);
    const best = rounds.reduce((a, b) => (b.huge - b.baseline < a.huge - a.baseline ? b : a));
    expect(best.huge).toBeLessThan(best.baseline + 50);
  });
});
