import { describe, expect, it } from 'vitest';
import type { IrCompletionRequest } from '../../protocol/ir/index.js';
import { createSimProvider } from './index.js';

const provider = createSimProvider({ id: 'sim-a' });
const context = { requestId: 'req_test', signal: new AbortController().signal };
const complete = (request: Partial<IrCompletionRequest>) => provider.complete!({ model: 'm', prompt: ['Once upon a time'], ...request }, context);

describe('complete', () => {
  it('should continue the prompt deterministically', async () => {
    const a = await complete({});
    const b = await complete({});
    expect(a.choices).toEqual(b.choices);
    expect(a.choices[0]!.text.startsWith(' ')).toBe(true);
    expect(a.choices[0]!.finishReason).toBe('stop');
  });

  it('should index choices prompt-major', async () => {
    const res = await complete({ prompt: ['A', 'B', 'C'], n: 2, echo: true });
    expect(res.choices.map((c) => c.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(res.choices.map((c) => c.text[0])).toEqual(['A', 'A', 'B', 'B', 'C', 'C']);
  });

  it('should prepend the prompt on echo without counting it as output', async () => {
    const plain = await complete({});
    const echoed = await complete({ echo: true });
    expect(echoed.choices[0]!.text).toBe(`Once upon a time${plain.choices[0]!.text}`);
    expect(echoed.usage!.output.total).toBe(plain.usage!.output.total);
  });

  it('should honour maxOutputTokens and stop', async () => {
    expect((await complete({ maxOutputTokens: 3 })).choices[0]!.finishReason).toBe('length');
    const stopped = await complete({ stop: ['.'] });
    expect(stopped.choices[0]!.text).not.toContain('.');
    expect(stopped.choices[0]!.finishReason).toBe('stop');
  });

  it('should bridge into a suffix and count it as input', async () => {
    const plain = await complete({ prompt: ['def f():'] });
    const fim = await complete({ prompt: ['def f():'], suffix: 'return x' });
    expect(fim.choices[0]!.text.endsWith(' ')).toBe(true);
    expect(fim.usage!.input.total).toBeGreaterThan(plain.usage!.input.total);
  });

  it('should fail on a trigger in the prompt', async () => {
    await expect(complete({ prompt: ['[sim:error:500]'] })).rejects.toMatchObject({ code: 'GW_UPSTREAM_ERROR' });
  });
});
