import { describe, expect, it } from 'vitest';
import { createSimProvider } from './index.js';

const provider = createSimProvider({ id: 'sim-a' });
const context = { requestId: 'req_test', signal: new AbortController().signal };
const norm = (v: Float32Array) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));

describe('embed', () => {
  it('should return deterministic unit vectors of the default length', async () => {
    const a = await provider.embed!({ model: 'e', input: ['hello', 'world'] }, context);
    const b = await provider.embed!({ model: 'e', input: ['hello'] }, context);
    expect(a.vectors).toHaveLength(2);
    expect(a.vectors[0]).toHaveLength(1536);
    expect(norm(a.vectors[0]!)).toBeCloseTo(1, 5);
    expect(Array.from(a.vectors[0]!)).toEqual(Array.from(b.vectors[0]!));
    expect(Array.from(a.vectors[0]!)).not.toEqual(Array.from(a.vectors[1]!));
  });

  it('should honour dimensions and accept token arrays', async () => {
    const res = await provider.embed!({ model: 'e', input: [[1, 2, 3], [4]], dimensions: 8 }, context);
    expect(res.vectors.map((v) => v.length)).toEqual([8, 8]);
    expect(res.usage!.input.total).toBe(4);
  });

  it('should count text input tokens', async () => {
    const res = await provider.embed!({ model: 'e', input: ['one two three'] }, context);
    expect(res.usage).toMatchObject({ input: { total: 3 }, output: { total: 0 }, source: 'reported' });
  });

  it('should refuse impossible dimensions with a GatewayError', async () => {
    await expect(provider.embed!({ model: 'e', input: ['x'], dimensions: 0 }, context)).rejects.toMatchObject({ code: 'GW_UPSTREAM_BAD_REQUEST' });
  });
});
