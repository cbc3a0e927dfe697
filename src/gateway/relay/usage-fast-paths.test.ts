import { describe, expect, it } from 'vitest';
import { addUsageCost } from './relay-passthrough-json.js';
import { mayNeedParsing } from './relay-passthrough-stream.js';

const usage = { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 };

describe('addUsageCost', () => {
  it.each([
    ['compact', JSON.stringify({ id: 'x', choices: [], usage })],
    ['indented, usage first', JSON.stringify({ usage, id: 'x' }, null, 2)],
    ['nested usage-like keys before', JSON.stringify({ choices: [{ message: { content: '"usage": {}', usage: { a: 1 } } }], usage })],
    ['empty usage object', JSON.stringify({ usage: {} })],
  ])('should give the same object as parsing and adding cost (%s)', (_name, text) => {
    const spliced = addUsageCost(text, '0.000000123');
    expect(spliced).not.toBeNull();
    const expected = JSON.parse(text) as { usage: Record<string, unknown> };
    expected.usage = { ...expected.usage, cost: '0.000000123' };
    expect(JSON.parse(spliced!)).toEqual(expected);
  });

  it.each([
    ['no usage', JSON.stringify({ id: 'x' })],
    ['usage is null', JSON.stringify({ usage: null })],
    ['usage is not an object', JSON.stringify({ usage: 5 })],
    ['escaped key', '{"\\u0075sage": {"a": 1}}'],
  ])('should decline (null) rather than guess: %s', (_name, text) => {
    expect(addUsageCost(text, '0.1')).toBeNull();
  });

  it('should use the last of duplicate keys, as JSON.parse does', () => {
    const spliced = addUsageCost('{"usage": {"a": 1}, "usage": {"b": 2}}', '0.1');
    expect(JSON.parse(spliced!)).toEqual({ usage: { b: 2, cost: '0.1' } });
  });
});

describe('mayNeedParsing', () => {
  it.each([
    ['{"id":"c","choices":[{"delta":{"content":"hi"}}],"usage":null}', false],
    ['{"id":"c","choices":[{"delta":{"content":"hi"}}]}', false],
    ['{"id":"c","choices":[{"delta":{"content":"the \\"error\\" word"}}],"usage" : null}', false],
    ['{"id":"c","choices":[],"usage":{"prompt_tokens":1}}', true],
    ['{"error":{"message":"boom"}}', true],
    ['{"id":"c","usage":null,"x":{"usage":{"a":1}}}', true],
    ['[1,2]', true],
    ['not json', true],
  ])('%s -> %s', (data, expected) => {
    expect(mayNeedParsing(data)).toBe(expected);
  });
});
