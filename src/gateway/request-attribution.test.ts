import { describe, expect, it } from 'vitest';
import { MAX_TAGS, readEndUser, readRequestTags } from './request-attribution.js';

describe('request attribution', () => {
  it('should read the end user from OpenAI user or Anthropic metadata.user_id', () => {
    expect(readEndUser({ user: 'u-1' })).toBe('u-1');
    expect(readEndUser({ metadata: { user_id: 'u-2' } })).toBe('u-2');
    expect(readEndUser({ user: '' })).toBeNull();
    expect(readEndUser('not an object')).toBeNull();
  });

  it('should merge metadata strings and the x-tf-tags header, the header winning', () => {
    const tags = readRequestTags({ metadata: { team: 'a', user_id: 'x', n: 3, env: 'dev' } }, { 'x-tf-tags': 'env=prod, note=a%2Cb%22c, bad, =x, broken=%E0' });
    expect(tags).toEqual({ team: 'a', env: 'prod', note: 'a,b"c' });
  });

  it('should keep at most the tag limit', () => {
    const metadata = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'v']));
    expect(Object.keys(readRequestTags({ metadata }, {}))).toHaveLength(MAX_TAGS);
  });
});
