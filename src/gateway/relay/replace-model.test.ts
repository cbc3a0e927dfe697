import { describe, expect, it } from 'vitest';
import { replaceTopLevelModel } from './replace-model.js';

describe('replaceTopLevelModel', () => {
  it('should replace the top-level model and keep every other byte', () => {
    const text = '{"id":"c1","object":"chat.completion.chunk","created":1,"model" : "Qwen/Qwen2.5","choices":[{"delta":{"content":"\\"model\\":\\"x\\""}}]}';
    const out = replaceTopLevelModel(text, 'acme/qwen@2025-01-01');
    expect(JSON.parse(out)).toEqual({ ...JSON.parse(text), model: 'acme/qwen@2025-01-01' });
    expect(out).toContain('"model" : "acme/qwen@2025-01-01"');
  });

  it('should leave nested model keys and texts without a top-level model alone', () => {
    const nested = '{"data":[{"model":"inner"}],"usage":{}}';
    expect(replaceTopLevelModel(nested, 'a/b')).toBe(nested);
    const after = '{"meta":{"model":"inner"},"model":"up"}';
    expect(JSON.parse(replaceTopLevelModel(after, 'a/b'))).toEqual({ meta: { model: 'inner' }, model: 'a/b' });
    expect(replaceTopLevelModel('{"model":null}', 'a/b')).toBe('{"model":null}');
  });
});
