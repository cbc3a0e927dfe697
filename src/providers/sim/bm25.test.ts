import { describe, expect, it } from 'vitest';
import { scoreBm25, toRelevance } from './bm25.js';
import { countTextTokens } from './count-tokens.js';
import { createSimProvider } from './index.js';

const provider = createSimProvider({ id: 'sim-a' });
const context = { requestId: 'req_test', signal: new AbortController().signal };
const documents = [
  'Bananas are a yellow fruit rich in potassium.',
  'Paris is the capital and largest city of France.',
  'Berlin is the capital of Germany.',
  'The Eiffel Tower stands in Paris.',
];

describe('scoreBm25', () => {
  it('should score documents without query terms at zero and matches above', () => {
    const scores = scoreBm25('capital of France', documents);
    expect(scores[0]).toBe(0);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
    expect(scores[2]).toBeGreaterThan(0);
  });

  it('should map scores into (0, 1) monotonically', () => {
    expect(toRelevance(0)).toBeGreaterThan(0);
    expect(toRelevance(10)).toBeLessThan(1);
    expect(toRelevance(2)).toBeGreaterThan(toRelevance(1));
  });
});

describe('rerank', () => {
  it('should rank the obviously relevant document first', async () => {
    const res = await provider.rerank!({ model: 'r', query: 'What is the capital of France?', documents }, context);
    expect(res.results[0]!.index).toBe(1);
    const scores = res.results.map((r) => r.relevanceScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(res.searchUnits).toBe(1);
  });

  it('should keep input order among ties and truncate to topN', async () => {
    const res = await provider.rerank!({ model: 'r', query: 'zebra', documents, topN: 3 }, context);
    expect(res.results.map((r) => r.index)).toEqual([0, 1, 2]);
  });

  it('should bill one search unit per 100 documents and count query tokens per document', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `doc ${i}`);
    const res = await provider.rerank!({ model: 'r', query: 'doc', documents: many }, context);
    expect(res.searchUnits).toBe(2);
    const pair = await provider.rerank!({ model: 'r', query: 'capital city', documents: ['Oslo', 'Paris'] }, context);
    expect(pair.usage!.input.total).toBe(2 * countTextTokens('capital city') + countTextTokens('Oslo') + countTextTokens('Paris'));
  });
});
