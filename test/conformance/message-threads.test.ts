import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceCatalogue } from '../../src/testing/conformance-catalogue.js';
import { startFakeAnthropicUpstream, type FakeUpstream } from '../../src/testing/fake-upstream/index.js';
import { startTestGateway, type TestGateway } from '../../src/testing/start-test-gateway.js';
import { callEndpoint, sampleBody } from './call-endpoint.js';

let claude: FakeUpstream;
let gw: TestGateway;

beforeAll(async () => {
  claude = await startFakeAnthropicUpstream();
  gw = await startTestGateway({ catalogue: conformanceCatalogue({ openai: 'http://127.0.0.1:9/v1', anthropic: claude.url }), env: { UP_KEY: 'k', ANT_KEY: 'k' } });
});
afterAll(async () => {
  await gw?.close();
  await claude?.close();
});

// Issue 18 item 4 asks for server-held threads; until the gateway keeps them, a thread is refused in
// the form Anthropic's API uses, so the conversation is never silently cut to its last turn.
describe('server-held message threads (issue 18 item 4, partly)', () => {
  for (const model of ['conf/sim', 'conf/claude']) {
    it(`should refuse thread with 400 thread_unsupported_request naming it, not drop it (${model})`, async () => {
      for (const thread of [{ type: 'create' }, { type: 'continue', previous_message_id: 'msg_x' }]) {
        const answer = await callEndpoint(gw.rootURL, gw.key, 'messages', { ...sampleBody('messages', model, false), thread });
        expect(answer.status).toBe(400);
        expect(answer.json!.error).toMatchObject({ type: 'invalid_request_error', code: 'thread_unsupported_request', param: 'thread', details: { error_code: 'thread_unsupported_request', unsupported: ['thread'] } });
      }
    });
  }

  it('should reach the 1.x SDK as an error it recognises, and never reach the upstream', async () => {
    claude.reset();
    const client = new Anthropic({ baseURL: gw.rootURL, apiKey: gw.key, maxRetries: 0 });
    const body = { ...sampleBody('messages', 'conf/claude', false), thread: { type: 'create' } } as unknown as Anthropic.MessageCreateParamsNonStreaming;
    const error = await client.messages.create(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).errorCode).toBe('thread_unsupported_request');
    expect(claude.requests).toHaveLength(0);
  });
});
