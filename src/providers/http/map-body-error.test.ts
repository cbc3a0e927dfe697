import { describe, expect, it } from 'vitest';
import { upstreamStatusOf } from './map-upstream-status.js';
import { errorInBody, mapBodyError } from './map-body-error.js';

describe('errorInBody', () => {
  it('should find the OpenAI and Anthropic error envelopes and leave answers alone', () => {
    expect(errorInBody('{"error":{"message":"boom","type":"server_error"}}')).not.toBeNull();
    expect(errorInBody('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}')).not.toBeNull();
    expect(errorInBody('{"id":"x","choices":[{"message":{"content":"the word \\"error\\""}}]}')).toBeNull();
    expect(errorInBody('{"id":"x","choices":[],"error":null}')).toBeNull();
    expect(errorInBody('not json "error"')).toBeNull();
  });
});

describe('mapBodyError', () => {
  const statusOf = (body: string) => upstreamStatusOf(mapBodyError('up', errorInBody(body)!))?.upstreamStatus;

  it('should take the status the error type, code or numeric code stands for', () => {
    expect(statusOf('{"error":{"message":"slow down","type":"requests","code":"rate_limit_exceeded"}}')).toBe(429);
    expect(statusOf('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}')).toBe(529);
    expect(statusOf('{"error":{"message":"bad","type":"invalid_request_error"}}')).toBe(400);
    expect(statusOf('{"error":{"message":"Provider returned error","code":502}}')).toBe(502);
    expect(statusOf('{"error":"something"}')).toBe(500);
  });

  it('should keep the upstream message and recognise a context-length error', () => {
    const error = mapBodyError('up', errorInBody('{"error":{"message":"maximum context length is 8192 tokens","type":"invalid_request_error","code":"context_length_exceeded"}}')!);
    expect(error.code).toBe('GW_CONTEXT_LENGTH_EXCEEDED');
    expect(error.message).toContain('maximum context length');
  });
});
