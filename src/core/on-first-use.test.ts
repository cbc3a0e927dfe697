import { describe, expect, it } from 'vitest';
import { chatRequestSchema } from '../protocol/openai/chat-request-schema.js';
import { onFirstUse } from './on-first-use.js';

describe('onFirstUse', () => {
  it('should build nothing until the first call, then return the same value every time', () => {
    let builds = 0;
    const value = onFirstUse(() => ({ built: ++builds }));
    expect(builds).toBe(0);
    expect(value()).toBe(value());
    expect(builds).toBe(1);
  });

  it('should give the routes one schema object, so zod does not rebuild it per request', () => {
    expect(chatRequestSchema()).toBe(chatRequestSchema());
    expect(chatRequestSchema().safeParse({ model: 'm', messages: [] }).success).toBe(false);
  });
});
