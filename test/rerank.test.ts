import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { matrixCatalogue } from '../src/testing/matrix-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

let up: FakeUpstream;
let claude: FakeUpstream;
let gw: TestGateway;

beforeAll(async () => {
  up = await startFakeOpenAIUpstream();
  claude = await startFakeAnthropicUpstream();
  gw = await startTestGateway({ catalogue: matrixCatalogue({ openai: up.url, anthropic: claude.url }), env: { UP_KEY: 'k', ANT_KEY: 'k' } });
});
afterAll(async () => {
  await gw?.close();
  await up?.close();
  await claude?.close();
});

interface RerankAnswer {
  id?: string;
  model?: string;
  results: { index: number; relevance_score: number; document?: unknown }[];
  meta?: { api_version: { version: string }; billed_units: { search_units: number }; tokens?: { input_tokens: number } };
  usage: { total_tokens: number; search_units: number; cost: string };
}

async function rerank(path: string, body: Record<string, unknown>): Promise<{ status: number; body: RerankAnswer }> {
  const res = await fetch(gw.rootURL + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as RerankAnswer };
}

const DOCS = ['Carson City is the capital city of Nevada.', 'The capital of France is Paris.', 'Capital punishment is debated.', 'Washington, D.C. is the capital of the United States.'];
const QUERY = 'What is the capital of the United States?';

describe('POST /v1/rerank (Cohere v1 shape)', () => {
  it('should rank by BM25, best first, without documents by default, billed per search unit', async () => {
    const { status, body } = await rerank('/v1/rerank', { model: 'cohere/rerank-test', query: QUERY, documents: DOCS, top_n: 3 });
    expect(status).toBe(200);
    expect(body.results).toHaveLength(3);
    expect(body.results[0]!.index).toBe(3);
    const scores = body.results.map((r) => r.relevance_score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(body.results[0]!.document).toBeUndefined();
    expect(body.meta!.api_version.version).toBe('1');
    expect(body.meta!.billed_units.search_units).toBe(1);
    // One search unit at $2000 per million units = $0.002.
    expect(body.usage.cost).toBe('0.002000000');
    expect(body.id).toMatch(/^req_/);
  });

  it('should rank object documents by rank_fields and echo the objects when asked', async () => {
    const documents = DOCS.map((text, i) => ({ title: text, year: 2000 + i }));
    const { body } = await rerank('/v1/rerank', { model: 'cohere/rerank-test', query: QUERY, documents, rank_fields: ['title'], return_documents: true });
    expect(body.results[0]!.index).toBe(3);
    expect(body.results[0]!.document).toEqual({ title: DOCS[3], year: 2003 });
  });
});

describe('POST /v2/rerank (Cohere v2 shape)', () => {
  it('should answer with v2 meta, token counts and no documents', async () => {
    const { body } = await rerank('/v2/rerank', { model: 'cohere/rerank-test', query: QUERY, documents: DOCS });
    expect(body.results).toHaveLength(4);
    expect(body.results[0]!.index).toBe(3);
    expect(body.meta!.api_version.version).toBe('2');
    expect(body.meta!.tokens!.input_tokens).toBeGreaterThan(0);
    expect(body.results.every((r) => r.document === undefined)).toBe(true);
  });
});

describe('POST /v1/rerank (Jina shape)', () => {
  it('should return documents by default, report model and usage, and bill per token', async () => {
    const { body } = await rerank('/v1/rerank', { model: 'jina/jina-reranker-test', query: QUERY, documents: DOCS, top_n: 2 });
    expect(body.model).toBeTruthy();
    expect(body.meta).toBeUndefined();
    expect(body.results[0]).toMatchObject({ index: 3, document: { text: DOCS[3] } });
    expect(body.usage.total_tokens).toBeGreaterThan(0);
    // $0.02 per million tokens, rounded half up to nano-USD.
    const nano = (BigInt(body.usage.total_tokens) * 20_000_000n + 500_000n) / 1_000_000n;
    expect(body.usage.cost).toBe(`0.${nano.toString().padStart(9, '0')}`);
  });

  it('should honour return_documents: false', async () => {
    const { body } = await rerank('/v1/rerank', { model: 'jina/jina-reranker-test', query: QUERY, documents: DOCS, return_documents: false });
    expect(body.results.every((r) => r.document === undefined)).toBe(true);
  });
});

describe('rerank bad input', () => {
  it('should refuse a chat model, empty documents and objects without text', async () => {
    expect((await rerank('/v1/rerank', { model: 'sim/chat', query: 'q', documents: ['a'] })).status).toBe(400);
    expect((await rerank('/v1/rerank', { model: 'cohere/rerank-test', query: 'q', documents: [] })).status).toBe(400);
    const res = await rerank('/v1/rerank', { model: 'cohere/rerank-test', query: 'q', documents: [{ body: 'x' }] });
    expect(res.status).toBe(400);
    expect((res.body as unknown as { error: { param: string } }).error.param).toBe('documents[0]');
  });
});
