import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceCatalogue } from '../../src/testing/conformance-catalogue.js';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../../src/testing/fake-upstream/index.js';
import { startTestGateway, type TestGateway } from '../../src/testing/start-test-gateway.js';
import { callEndpoint, sampleBody } from './call-endpoint.js';

let up: FakeUpstream;
let claude: FakeUpstream;
let gw: TestGateway;

beforeAll(async () => {
  up = await startFakeOpenAIUpstream();
  claude = await startFakeAnthropicUpstream();
  gw = await startTestGateway({ catalogue: conformanceCatalogue({ openai: up.url, anthropic: claude.url }), env: { UP_KEY: 'k', ANT_KEY: 'k' } });
});
afterAll(async () => {
  await gw?.close();
  await up?.close();
  await claude?.close();
});

/** `ResponseErrorCode` of OpenAI's OpenAPI 2.3.0. */
const RESPONSE_ERROR_CODES = [
  'server_error', 'rate_limit_exceeded', 'invalid_prompt', 'data_residency_mismatch', 'bio_policy', 'vector_store_timeout', 'invalid_image', 'invalid_image_format',
  'invalid_base64_image', 'invalid_image_url', 'image_too_large', 'image_too_small', 'image_parse_error', 'image_content_policy_violation', 'invalid_image_mode',
  'image_file_too_large', 'unsupported_image_media_type', 'empty_image_file', 'failed_to_download_image', 'image_file_not_found',
];

describe('Responses objects (issue 18 item 6)', () => {
  it('should report cache_write_tokens in usage.input_tokens_details', async () => {
    claude.setReply({ text: 'Cached.', usage: { inputTokens: 5, outputTokens: 2, cacheReadTokens: 3, cacheWriteTokens: 7 } });
    const answer = await callEndpoint(gw.rootURL, gw.key, 'responses', sampleBody('responses', 'conf/claude', false));
    claude.reset();
    expect((answer.json!.usage as Record<string, unknown>).input_tokens_details).toEqual({ cached_tokens: 3, cache_write_tokens: 7 });
  });

  it('should leave usage out of every event before completion instead of sending null', async () => {
    const answer = await callEndpoint(gw.rootURL, gw.key, 'responses', sampleBody('responses', 'conf/sim', true));
    const withResponse = answer.events.map((e) => e.data).filter((d) => typeof d.response === 'object');
    expect(withResponse.map((d) => d.type)).toEqual(['response.created', 'response.in_progress', expect.stringMatching(/^response\.(completed|incomplete)$/)]);
    for (const d of withResponse.slice(0, -1)) expect(d.response).not.toHaveProperty('usage');
    expect((withResponse.at(-1)!.response as { usage: unknown }).usage).toMatchObject({ input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 } });
  });

  it('should fail with an official error code, the gateway code in tf, and the output streamed so far', async () => {
    const answer = await callEndpoint(gw.rootURL, gw.key, 'responses', { ...sampleBody('responses', 'conf/sim', true), input: 'Tell me a story [sim:fail-mid-stream]' });
    const failed = answer.events.at(-1)!.data;
    expect(failed.type).toBe('response.failed');
    const response = failed.response as { error: { code: string; message: string }; tf: { error_code: string }; output: { type: string; status: string; content: { text: string }[] }[] };
    expect(RESPONSE_ERROR_CODES).toContain(response.error.code);
    expect(response.tf.error_code).toBe('upstream_stream_failed');
    expect(response).not.toHaveProperty('usage');
    const streamed = answer.events.filter((e) => e.data.type === 'response.output_text.delta').map((e) => e.data.delta as string).join('');
    expect(streamed.length).toBeGreaterThan(0);
    const message = response.output.find((item) => item.type === 'message')!;
    expect(message.status).toBe('incomplete');
    expect(message.content[0]!.text).toBe(streamed);
  });
});
