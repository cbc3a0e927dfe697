import { describe, expect, it } from 'vitest';
import { collectChoiceText } from './collect-choice-text.js';
import { byteStringEnd, bytesMayNeedParsing, collectGeneratedText, topLevelModelValue, type WatchedKeys } from './json-bytes-scan.js';
import { mayNeedParsing } from './relay-passthrough-stream.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const fresh = (): WatchedKeys => ({ bytes: null, error: -1, usage: -1 });

describe('topLevelModelValue', () => {
  it('finds the top-level model string, not nested ones or ones inside strings', () => {
    const text = bytes('{"choices":[{"model":"inner"}],"x":"\\"model\\":\\"no\\"","model" : "up€","id":"1"}');
    const start = topLevelModelValue(text, 0, text.length);
    expect(start).toBeGreaterThan(0);
    expect(text.toString('utf8', start, byteStringEnd(text, start, text.length) + 1)).toBe('"up€"');
  });

  it('returns -1 without a top-level string model', () => {
    for (const text of ['{"meta":{"model":"inner"}}', '{"model":null}', '{"x":1}']) expect(topLevelModelValue(bytes(text), 0, text.length)).toBe(-1);
  });

  it('stays inside the range it is given', () => {
    const text = bytes('{"a":1}{"model":"next"}');
    expect(topLevelModelValue(text, 0, 7)).toBe(-1);
  });
});

describe('bytesMayNeedParsing', () => {
  const cases = [
    '{"choices":[],"usage":null}',
    '{"choices":[],"usage" : null }',
    '{"choices":[],"usage":{"prompt_tokens":1}}',
    '{"error":{"message":"x"}}',
    '{"choices":[{"delta":{"content":"\\"usage\\": 1 and \\"error\\""}}]}',
    '[1,2]',
    'not json',
    '{"usage":null,"x":{"usage":3}}',
    // Near misses of the keys (the scan looks for their tails, then checks what precedes).
    '{"terror":1,"reusage":{"a":1},"usage":null}',
    '{"rror":1,"sage":2,"e":"rror","x":"usage\\"}',
    '{"x":"\\"usage\\"","usage":null}',
    '{"x":"\\\\","error":null}',
  ];

  it('agrees with the string check on every case, alone and among other events of one read', () => {
    for (const text of cases) expect(bytesMayNeedParsing(bytes(text), 0, Buffer.byteLength(text), fresh())).toBe(mayNeedParsing(text));
    // All cases in one buffer, scanned in order with one WatchedKeys, as the relay does per read.
    const joined = bytes(cases.join('\n'));
    const keys = fresh();
    let start = 0;
    for (const text of cases) {
      const end = start + Buffer.byteLength(text);
      expect(bytesMayNeedParsing(joined, start, end, keys)).toBe(mayNeedParsing(text));
      start = end + 1;
    }
  });
});

describe('collectGeneratedText', () => {
  const head = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', system_fingerprint: 'fp_1' };
  const delta = (value: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ ...head, choices: [{ index: 0, delta: value, logprobs: null, finish_reason: null, ...extra }], usage: null });
  const scan = (text: string) => {
    const out: string[] = [];
    collectGeneratedText(bytes(text), 0, Buffer.byteLength(text), out);
    return out;
  };

  it('should take delta content, tool-call arguments and legacy text', () => {
    expect(scan(delta({ content: ' the quick' }))).toEqual([' the quick']);
    const call = delta({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Par' } }] });
    expect(scan(call)).toEqual(['{"city":"Par']);
    expect(scan(JSON.stringify({ id: 'cmpl-1', object: 'text_completion', model: 'm', choices: [{ text: 'once upon', index: 0, logprobs: null, finish_reason: null }] }))).toEqual(['once upon']);
  });

  it('should decode escapes, including an escaped backslash just before the closing quote', () => {
    for (const text of ['two\\nlines', 'say \\"hi\\"', 'caf\\u00e9 \\ud83c\\udf89', 'ends in a backslash \\\\', '\\\\\\"']) {
      const json = `{"choices":[{"delta":{"content":"${text}"}}]}`;
      expect(scan(json)).toEqual([JSON.parse(`"${text}"`) as string]);
    }
    expect(scan('{"content":"a\\\\"}')).toEqual(['a\\']);
  });

  it('should decode multi-byte UTF-8 as it is', () => {
    expect(scan(delta({ content: 'café 日本語 🎉 — ok' }))).toEqual(['café 日本語 🎉 — ok']);
  });

  it('should skip null content, empty strings and logprobs content arrays', () => {
    expect(scan(delta({ role: 'assistant', content: null, refusal: null }))).toEqual([]);
    expect(scan(delta({ role: 'assistant', content: '' }))).toEqual([]);
    const logprobs = { content: [{ token: ' hi', logprob: -0.1, bytes: [32, 104, 105], top_logprobs: [{ token: ' hi', logprob: -0.1, bytes: null }] }], refusal: null };
    expect(scan(delta({ content: ' hi' }, { logprobs }))).toEqual([' hi']);
  });

  it('should not take key-like text inside a string, nor values that only look like the keys', () => {
    expect(scan(delta({ content: '{"content":"x","text":"y","arguments":"z"}' }))).toEqual(['{"content":"x","text":"y","arguments":"z"}']);
    expect(scan('{"type":"text","context":"no","subtext":"no","x\\"content":"no","note":"content"}')).toEqual([]);
  });

  it('should take keys with whitespace around the colon, and the text of content parts (a superset, for an estimate)', () => {
    expect(scan('{ "choices" : [ { "delta" : { "content" :\n "spaced" } } ] }')).toEqual(['spaced']);
    expect(scan('{"content":[{"type":"text","text":"part one"},{"type":"image_url","image_url":{"url":"u"}}]}')).toEqual(['part one']);
  });

  it('should stay inside the range it is given', () => {
    const first = delta({ content: 'first' });
    const read = bytes(`data: ${first}\n\ndata: ${delta({ content: 'second' })}\n\n`);
    const out: string[] = [];
    collectGeneratedText(read, 6, 6 + Buffer.byteLength(first), out);
    expect(out).toEqual(['first']);
  });

  it('should agree with collectChoiceText (less its empty strings) on OpenAI chunks', () => {
    const chunks = [
      delta({ role: 'assistant', content: '' }),
      delta({ content: 'Hello, "world"\n' }),
      delta({ tool_calls: [{ index: 0, function: { arguments: '{"a": [1, 2]}' } }, { index: 1, function: { arguments: 'x' } }] }),
      JSON.stringify({ ...head, choices: [{ index: 0, delta: { content: 'a' } }, { index: 1, delta: { content: 'b' } }], usage: null }),
      delta({}, { finish_reason: 'stop' }),
    ];
    for (const chunk of chunks) {
      const expected: string[] = [];
      collectChoiceText(JSON.parse(chunk), expected);
      expect(scan(chunk)).toEqual(expected.filter((text) => text !== ''));
    }
  });
});
