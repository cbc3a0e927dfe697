import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoCatalogue } from '../src/testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

let gw: TestGateway;
let client: OpenAI;

beforeAll(async () => {
  gw = await startTestGateway({ catalogue: readDemoCatalogue() });
  client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
});
afterAll(async () => gw?.close());

function norm(v: number[]): number {
  return Math.sqrt(v.reduce((s, x) => s + x * x, 0));
}

describe('embeddings.create (sim upstream)', () => {
  it('should decode the SDK default (base64) into the same vectors as float', async () => {
    const b64 = await client.embeddings.create({ model: 'openai/text-embedding-3-small', input: ['alpha', 'beta'] });
    const flt = await client.embeddings.create({ model: 'openai/text-embedding-3-small', input: ['alpha', 'beta'], encoding_format: 'float' });
    expect(b64.data).toHaveLength(2);
    expect(b64.data[0]!.embedding).toHaveLength(1536);
    for (let i = 0; i < 2; i++) {
      const a = b64.data[i]!.embedding;
      const b = flt.data[i]!.embedding;
      expect(a.every((x, j) => Math.abs(x - b[j]!) < 1e-6)).toBe(true);
    }
    expect(norm(b64.data[0]!.embedding)).toBeCloseTo(1, 3);
    expect((b64.usage as unknown as { cost: string }).cost).toMatch(/^\d+\.\d{9}$/);
  });

  it('should take a single string and honour dimensions', async () => {
    const res = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'hello', dimensions: 256 });
    expect(res.data).toHaveLength(1);
    expect(res.data[0]!.embedding).toHaveLength(256);
  });

  it('should refuse dimensions above the native length', async () => {
    const error = await client.embeddings.create({ model: 'openai/text-embedding-3-small', input: 'x', dimensions: 5000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('dimensions');
  });

  it('should refuse empty strings naming the item', async () => {
    const error = await client.embeddings.create({ model: 'openai/text-embedding-3-small', input: ['ok', ''] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
  });
});

describe('completions.create (sim upstream)', () => {
  it('should continue a raw prompt with usage and cost', async () => {
    const res = await client.completions.create({ model: 'openai/gpt-3.5-turbo-instruct', prompt: 'Once upon a time', max_tokens: 20 });
    expect(res.object).toBe('text_completion');
    expect(res.choices[0]!.text.length).toBeGreaterThan(0);
    expect((res.usage as unknown as { cost: string }).cost).toMatch(/^\d+\.\d{9}$/);
  });

  it('should fill in the middle with suffix and echo the prompt', async () => {
    const res = await client.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt: 'def add(a, b):', suffix: '\n\nprint(add(1, 2))', echo: true });
    expect(res.choices[0]!.text.startsWith('def add(a, b):')).toBe(true);
  });

  it('should stream text chunks and end with a usage chunk when asked', async () => {
    const stream = await client.completions.create({
      model: 'openai/gpt-3.5-turbo-instruct',
      prompt: 'Hello',
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.text ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text.length).toBeGreaterThan(0);
    expect(usage?.completion_tokens).toBeGreaterThan(0);
  });
});
