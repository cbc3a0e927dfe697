import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceCatalogue } from '../../src/testing/conformance-catalogue.js';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../../src/testing/fake-upstream/index.js';
import { startTestGateway, type TestGateway } from '../../src/testing/start-test-gateway.js';
import { ANTHROPIC_SDK_VERSION } from './anthropic-sdk.js';
import { callEndpoint, sampleBody, type Api } from './call-endpoint.js';
import { OPENAI_SPEC, schemaProblems } from './validate-answer.js';

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

/** Which official schema describes an answer and each stream event, per endpoint. */
const SCHEMAS: Record<Api, { spec: 'openai' | 'anthropic'; json: string; event: string }> = {
  chat: { spec: 'openai', json: 'CreateChatCompletionResponse', event: 'CreateChatCompletionStreamResponse' },
  completions: { spec: 'openai', json: 'CreateCompletionResponse', event: 'CreateCompletionResponse' },
  embeddings: { spec: 'openai', json: 'CreateEmbeddingResponse', event: '' },
  responses: { spec: 'openai', json: 'Response', event: 'ResponseStreamEvent' },
  messages: { spec: 'anthropic', json: 'Message', event: 'RawMessageStreamEvent' },
};

const PROMPT = 'Think, then call get_weather for Oslo [sim:tools]';
const CHAT_TOOL = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };
const FLAT_TOOL = { type: 'function', name: 'get_weather', parameters: CHAT_TOOL.function.parameters, strict: false };
const ANTHROPIC_TOOL = { name: 'get_weather', input_schema: CHAT_TOOL.function.parameters };

/** Requests beyond the plain one: tools, reasoning, ignored parameters, a mid-stream failure. */
function variants(api: Api, model: string, stream: boolean): { name: string; body: Record<string, unknown> }[] {
  const plain = sampleBody(api, model, stream);
  const out = [{ name: 'plain', body: plain }];
  if (api === 'chat') {
    out.push({ name: 'tools', body: { ...plain, messages: [{ role: 'user', content: PROMPT }], tools: [CHAT_TOOL], max_tokens: 500 } });
    out.push({ name: 'ignored parameter', body: { ...plain, not_a_parameter: 1 } });
  }
  if (api === 'responses') out.push({ name: 'tools and reasoning', body: { ...plain, input: PROMPT, tools: [FLAT_TOOL], reasoning: { effort: 'low' }, max_output_tokens: 2000 } });
  if (api === 'messages') {
    out.push({ name: 'tools and thinking', body: { ...plain, messages: [{ role: 'user', content: PROMPT }], tools: [ANTHROPIC_TOOL], thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 2000 } });
  }
  if (stream && model === 'conf/sim' && api !== 'embeddings') {
    const failing = api === 'messages' || api === 'chat' ? { messages: [{ role: 'user', content: 'Story [sim:fail-mid-stream]' }] } : api === 'responses' ? { input: 'Story [sim:fail-mid-stream]' } : {};
    if (api !== 'completions') out.push({ name: 'failure mid-stream', body: { ...plain, ...failing } });
  }
  return out;
}

const CASES: readonly { api: Api; model: string }[] = [
  { api: 'chat', model: 'conf/openai' },
  { api: 'chat', model: 'conf/claude' },
  { api: 'chat', model: 'conf/sim' },
  { api: 'messages', model: 'conf/claude' },
  { api: 'messages', model: 'conf/openai' },
  { api: 'messages', model: 'conf/sim' },
  { api: 'responses', model: 'conf/openai' },
  { api: 'responses', model: 'conf/claude' },
  { api: 'responses', model: 'conf/sim' },
  { api: 'completions', model: 'conf/complete-openai' },
  { api: 'completions', model: 'conf/complete-sim' },
  { api: 'embeddings', model: 'conf/embed-openai' },
  { api: 'embeddings', model: 'conf/embed-sim' },
];

describe(`answers against the official schemas (OpenAI OpenAPI ${OPENAI_SPEC.version} @ ${OPENAI_SPEC.commit.slice(0, 7)}; ${ANTHROPIC_SDK_VERSION} types)`, () => {
  beforeAll(() => {
    up.setReply({ text: 'Mild.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] });
    claude.setReply({ text: 'Mild.', reasoning: 'Oslo is north.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] });
  });

  for (const c of CASES) {
    for (const stream of c.api === 'embeddings' ? [false] : [false, true]) {
      for (const v of variants(c.api, c.model, stream)) {
        it(`${c.api} from ${c.model}, ${v.name}, ${stream ? 'every stream event' : 'the answer'}`, async () => {
          const answer = await callEndpoint(gw.rootURL, gw.key, c.api, v.body);
          expect(answer.status).toBe(200);
          const { spec, json, event } = SCHEMAS[c.api];
          const problems: string[] = [];
          if (answer.json !== null) problems.push(...schemaProblems(spec, json, answer.json));
          for (const [i, e] of answer.events.entries()) {
            // Anthropic's stream error and OpenAI's mid-stream error chunk are error envelopes, not events of the schema.
            if (e.event === 'error' || 'error' in e.data && c.api !== 'responses') continue;
            problems.push(...schemaProblems(spec, event, e.data).map((p) => `event ${i} (${String(e.data.type ?? e.data.object)}): ${p}`));
          }
          expect(problems).toEqual([]);
          if (stream) expect(answer.events.length).toBeGreaterThan(1);
        });
      }
    }
  }
});

describe('the validator itself', () => {
  it('should refuse a field that is neither in the official schema nor in the extension list, and a missing required one', () => {
    const chunk = { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'x' }, logprobs: null, finish_reason: null }] };
    expect(schemaProblems('openai', 'CreateChatCompletionStreamResponse', chunk)).toEqual([]);
    expect(schemaProblems('openai', 'CreateChatCompletionStreamResponse', { ...chunk, provider: 'x' })).toEqual(["/ must NOT have unevaluated properties 'provider'"]);
    expect(schemaProblems('openai', 'CreateChatCompletionStreamResponse', { ...chunk, tf: { ignored_params: ['a'] } })).toEqual([]);
    const { container: _container, ...message } = { id: 'm', type: 'message', role: 'assistant', model: 'x', content: [], stop_reason: 'end_turn', stop_sequence: null, container: null, stop_details: null, diagnostics: null, usage: {} };
    expect(schemaProblems('anthropic', 'Message', message)).toContain("/ must have required property 'container'");
  });
});
