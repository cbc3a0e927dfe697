import { describe, expect, it } from 'vitest';
import { usageChunkLayout, withUsageCost } from './usage-chunk-layout.js';

const usage = { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8, prompt_tokens_details: { cached_tokens: 1 } };

describe('usageChunkLayout', () => {
  it.each([
    ['compact, usage last', JSON.stringify({ id: 'c', model: 'm', choices: [], usage }), false],
    ['usage first, model last', JSON.stringify({ usage, id: 'c', choices: [], model: 'm' }), false],
    ['indented', JSON.stringify({ id: 'c', model: 'm', choices: [], usage }, null, 2), false],
    ['choices with content', JSON.stringify({ id: 'c', model: 'm', choices: [{ index: 0, delta: { content: 'x' } }], usage }), true],
    ['no choices', JSON.stringify({ id: 'c', model: 'm', usage }), false],
    ['unicode and escapes', JSON.stringify({ id: 'c€😀', model: 'm "q" \\', x: { model: 'n', usage: { a: 1 } }, choices: [], usage }), false],
    ['usage-like text in a string', JSON.stringify({ id: '"usage": {}, "model": "x"', model: 'm', usage }), false],
  ])('should find the usage object and splice cost as parsing would (%s)', (_name, text, hasChoices) => {
    const layout = usageChunkLayout(text);
    expect(layout).not.toBeNull();
    expect(layout!.hasChoices).toBe(hasChoices);
    expect(JSON.parse(text.slice(layout!.usageStart, layout!.usageEnd + 1))).toEqual(usage);
    const expected = JSON.parse(text) as { usage: Record<string, unknown> };
    expected.usage = { ...expected.usage, cost: '0.000000123' };
    expect(JSON.parse(withUsageCost(text, layout!, '0.000000123'))).toEqual(expected);
  });

  it.each([
    ['usage is null', JSON.stringify({ id: 'c', model: 'm', usage: null })],
    ['usage is not an object', JSON.stringify({ model: 'm', usage: 5 })],
    ['empty usage', JSON.stringify({ model: 'm', usage: {} })],
    ['usage already has a cost', JSON.stringify({ model: 'm', usage: { ...usage, cost: 1 } })],
    ['usage twice', '{"model":"m","usage":{"prompt_tokens":1},"usage":{"prompt_tokens":2}}'],
    ['model twice', '{"model":"m","model":"n","usage":{"prompt_tokens":1}}'],
    ['model not a string', JSON.stringify({ model: null, usage })],
    ['no model', JSON.stringify({ id: 'c', usage })],
    ['an error next to the usage', JSON.stringify({ model: 'm', usage, error: { message: 'boom' } })],
    ['escaped key', '{"model":"m","\\u0075sage":{"prompt_tokens":1}}'],
    ['truncated', '{"model":"m","usage":{"prompt_tokens":1}'],
    ['text after the object', '{"model":"m","usage":{"prompt_tokens":1}}{}'],
    ['unterminated string', '{"model":"m","usage":{"prompt_tokens":1},"x":"abc}'],
  ])('should decline (null) so the chunk is parsed: %s', (_name, text) => {
    expect(usageChunkLayout(text)).toBeNull();
  });
});
