import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceCatalogue } from '../../src/testing/conformance-catalogue.js';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../../src/testing/fake-upstream/index.js';
import { startTestGateway, type TestGateway } from '../../src/testing/start-test-gateway.js';
import { callEndpoint } from './call-endpoint.js';

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

const FUNCTION_TOOL = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } };
const CUSTOM_TOOL = { type: 'custom', custom: { name: 'run_sql', description: 'Run SQL', format: { type: 'grammar', grammar: { syntax: 'regex', definition: '^SELECT .*$' } } } };
const TEXT_TOOL = { type: 'custom', custom: { name: 'note', format: { type: 'text' } } };
const HISTORY = [
  { role: 'user', content: 'Count the users.' },
  { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'custom', custom: { name: 'run_sql', input: 'SELECT count(*) FROM users' } }] },
  { role: 'tool', tool_call_id: 'call_1', content: '42' },
  { role: 'function', name: 'get_weather', content: 'sunny' },
  { role: 'user', content: 'And now?' },
];

/** Requests the official schema (OpenAI OpenAPI 2.3.0, `CreateChatCompletionRequest`) accepts, and the part the translation cannot express. */
const CASES: readonly { what: string; body: Record<string, unknown>; param: string }[] = [
  { what: 'custom tools with grammar and text formats', body: { tools: [FUNCTION_TOOL, CUSTOM_TOOL, TEXT_TOOL] }, param: 'tools[1]' },
  { what: 'tool_choice custom', body: { tools: [FUNCTION_TOOL], tool_choice: { type: 'custom', custom: { name: 'run_sql' } } }, param: 'tool_choice' },
  { what: 'assistant custom tool calls and role function messages', body: { messages: HISTORY }, param: 'messages[1].tool_calls[0]' },
  { what: 'a role function message', body: { messages: [{ role: 'user', content: 'x' }, { role: 'function', name: 'f', content: 'y' }] }, param: 'messages[1].role' },
];

describe('requests the official schema accepts (issue 18 item 10)', () => {
  for (const c of CASES) {
    it(`should pass ${c.what} through to an OpenAI-compatible upstream unchanged`, async () => {
      const body = { model: 'conf/openai', messages: [{ role: 'user', content: 'Hi' }], ...c.body };
      const answer = await callEndpoint(gw.rootURL, gw.key, 'chat', body);
      expect(answer.status).toBe(200);
      const sent = up.requests.at(-1)!.body as Record<string, unknown>;
      for (const key of Object.keys(c.body)) expect(sent[key]).toEqual(c.body[key]);
    });

    it(`should refuse ${c.what} on a translated upstream with 400 unsupported_parameter on ${c.param}`, async () => {
      const answer = await callEndpoint(gw.rootURL, gw.key, 'chat', { model: 'conf/sim', messages: [{ role: 'user', content: 'Hi' }], ...c.body });
      expect(answer.status).toBe(400);
      expect(answer.json!.error).toMatchObject({ code: 'unsupported_parameter', param: c.param });
    });
  }

  it('should pass allowed_tools through, and translate it into a narrowed tool list elsewhere', async () => {
    const toolChoice = { type: 'allowed_tools', allowed_tools: { mode: 'required', tools: [{ type: 'function', function: { name: 'get_weather' } }] } };
    const other = { type: 'function', function: { name: 'delete_all', parameters: { type: 'object', properties: {} } } };
    const body = { messages: [{ role: 'user', content: 'Weather in Oslo? [sim:tools]' }], tools: [other, FUNCTION_TOOL], tool_choice: toolChoice };
    const passed = await callEndpoint(gw.rootURL, gw.key, 'chat', { model: 'conf/openai', ...body });
    expect(passed.status).toBe(200);
    expect((up.requests.at(-1)!.body as Record<string, unknown>).tool_choice).toEqual(toolChoice);
    const translated = await callEndpoint(gw.rootURL, gw.key, 'chat', { model: 'conf/sim', ...body });
    expect(translated.status).toBe(200);
    const calls = ((translated.json!.choices as { message: { tool_calls?: { function: { name: string } }[] } }[])[0]!.message.tool_calls ?? []).map((c) => c.function.name);
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls)).toEqual(new Set(['get_weather']));
  });
});
