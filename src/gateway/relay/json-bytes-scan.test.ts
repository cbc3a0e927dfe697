import { describe, expect, it } from 'vitest';
import { byteStringEnd, bytesMayNeedParsing, topLevelModelValue, type WatchedKeys } from './json-bytes-scan.js';
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
