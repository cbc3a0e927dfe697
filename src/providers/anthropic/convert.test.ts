import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { IrChatRequest, IrStreamEvent } from '../../protocol/ir/index.js';
import { ScriptedBody } from '../../testing/scripted-body.js';
import { sseEventStream } from '../http/index.js';
import { convertRequest } from './convert-request.js';
import { convertResponse, parseMessage } from './convert-response.js';
import { AnthropicStreamConverter } from './convert-stream.js';

const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

/** The IR events of a recorded stream, and how its body was finished (drained: the connection is reused). */
async function replayWithBody(name: string, jsonMode = false): Promise<{ events: IrStreamEvent[]; body: ScriptedBody }> {
  const events: IrStreamEvent[] = [];
  const body = new ScriptedBody([fixture(name)]);
  const signal = new AbortController().signal;
  for await (const event of sseEventStream(body, new AnthropicStreamConverter({ providerId: 'anth', jsonMode, warnings: [], signal }), signal)) events.push(event);
  return { events, body };
}

async function replay(name: string, jsonMode = false): Promise<IrStreamEvent[]> {
  return (await replayWithBody(name, jsonMode)).events;
}

const base: IrChatRequest = { model: 'claude-x', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] };

describe('convertRequest', () => {
  it('should lift system messages, merge same-role turns and map tool history', () => {
    const { body } = convertRequest(
      {
        ...base,
        maxOutputTokens: 100,
        messages: [
          { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
          { role: 'system', content: [{ type: 'text', text: 'Be kind.' }] },
          { role: 'user', content: [{ type: 'text', text: 'Weather?' }, { type: 'image', url: 'data:image/png;base64,AAAA' }] },
          { role: 'assistant', content: [{ type: 'text', text: '' }, { type: 'tool-call', id: 't1', name: 'get_w', arguments: '{"city":"Oslo"}' }] },
          { role: 'tool', toolCallId: 't1', content: [{ type: 'text', text: 'sunny' }] },
          { role: 'tool', toolCallId: 't2', content: [{ type: 'text', text: 'boom' }], isError: true },
          { role: 'user', content: [{ type: 'image', url: 'https://x.test/a.png' }] },
        ],
      },
      { stream: false },
    );
    expect(body.system).toBe('Be brief.\n\nBe kind.');
    expect(body.max_tokens).toBe(100);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'get_w', input: { city: 'Oslo' } }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'sunny' },
          { type: 'tool_result', tool_use_id: 't2', content: 'boom', is_error: true },
          { type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } },
        ],
      },
    ]);
  });

  it('should refuse tool arguments that are not a JSON object, naming the message', () => {
    const messages: IrChatRequest['messages'] = [base.messages[0]!, { role: 'assistant', content: [{ type: 'tool-call', id: 't', name: 'f', arguments: '[1]' }] }];
    expect(() => convertRequest({ ...base, messages }, { stream: false })).toThrow(expect.objectContaining({ code: 'GW_INVALID_VALUE', param: 'messages[1].tool_calls' }));
  });

  it('should map tools, tool choice and parallel tool calls', () => {
    const tools = [{ name: 'f', description: 'd', parameters: { type: 'object' } }];
    const cases = [
      [{ type: 'auto' }, { type: 'auto' }],
      [{ type: 'required' }, { type: 'any' }],
      [{ type: 'tool', name: 'f' }, { type: 'tool', name: 'f' }],
      [{ type: 'none' }, { type: 'none' }],
    ] as const;
    for (const [toolChoice, expected] of cases) {
      expect(convertRequest({ ...base, tools, toolChoice }, { stream: false }).body.tool_choice).toEqual(expected);
    }
    const { body } = convertRequest({ ...base, tools, parallelToolCalls: false }, { stream: false });
    expect(body.tools).toEqual([{ name: 'f', description: 'd', input_schema: { type: 'object' } }]);
    expect(body.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
  });

  it('should map sampling, stop, user and default max_tokens, and warn about dropped parameters', () => {
    const plan = convertRequest({ ...base, temperature: 0.5, topP: 0.9, topK: 5, stop: ['END'], user: 'u1', seed: 1, presencePenalty: 1, extra: { logit_bias: {} } }, { stream: true });
    expect(plan.body).toMatchObject({ max_tokens: 4096, temperature: 0.5, top_p: 0.9, top_k: 5, stop_sequences: ['END'], metadata: { user_id: 'u1' }, stream: true });
    expect(plan.body).not.toHaveProperty('seed');
    expect(plan.warnings).toEqual([
      'seed is not supported by Anthropic and was ignored',
      'presence_penalty is not supported by Anthropic and was ignored',
      'logit_bias is not supported by Anthropic and was ignored',
    ]);
  });

  it('should refuse temperature above 1 and n above 1 rather than change them', () => {
    expect(() => convertRequest({ ...base, temperature: 1.5 }, { stream: false })).toThrow(expect.objectContaining({ code: 'GW_INVALID_VALUE', param: 'temperature' }));
    expect(() => convertRequest({ ...base, n: 2 }, { stream: false })).toThrow(expect.objectContaining({ code: 'GW_UNSUPPORTED_PARAMETER', param: 'n' }));
  });

  it('should turn reasoning into a thinking budget added on top of the output allowance', () => {
    const effort = convertRequest({ ...base, maxOutputTokens: 1000, reasoning: { effort: 'medium' } }, { stream: false }).body;
    expect(effort).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 4096 }, max_tokens: 5096 });
    const budget = convertRequest({ ...base, maxOutputTokens: 1000, reasoning: { effort: 'high', budgetTokens: 2000 } }, { stream: false }).body;
    expect(budget).toMatchObject({ thinking: { budget_tokens: 2000 }, max_tokens: 3000 });
    expect(convertRequest({ ...base, reasoning: { effort: 'none' } }, { stream: false }).body).not.toHaveProperty('thinking');
  });

  it('should implement JSON mode as a forced json_response tool', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    const plan = convertRequest({ ...base, responseFormat: { type: 'json_schema', name: 'person', schema } }, { stream: false });
    expect(plan.jsonMode).toBe(true);
    expect(plan.body.tools).toEqual([{ name: 'json_response', description: 'Respond with a JSON object (person).', input_schema: schema }]);
    expect(plan.body.tool_choice).toEqual({ type: 'tool', name: 'json_response' });
    const withTools = convertRequest({ ...base, responseFormat: { type: 'json_object' }, tools: [{ name: 'f', parameters: { type: 'object' } }] }, { stream: false });
    expect(withTools.body.tool_choice).toEqual({ type: 'any' });
  });
});

describe('convertResponse', () => {
  it('should map text with cache usage', () => {
    const res = convertResponse(parseMessage('anth', fixture('text.json')), { jsonMode: false });
    expect(res.choices[0]).toMatchObject({ content: [{ type: 'text', text: 'Hello! How can I help?' }], finishReason: 'stop', rawFinishReason: 'end_turn' });
    expect(res.usage).toEqual({ input: { total: 2112, cacheRead: 2000, cacheWrite: 100 }, output: { total: 8, reasoning: 0 }, source: 'reported' });
  });

  it('should map thinking, text and tool_use in order', () => {
    const res = convertResponse(parseMessage('anth', fixture('tool-use.json')), { jsonMode: false });
    expect(res.choices[0]?.content).toEqual([
      { type: 'reasoning', text: 'The user wants the weather.', signature: 'sig' },
      { type: 'text', text: 'Hi' },
      { type: 'tool-call', id: 'toolu_01', name: 'get_w', arguments: '{"city":"Oslo"}' },
    ]);
    expect(res.choices[0]?.finishReason).toBe('tool-calls');
  });

  it('should turn the JSON-mode tool call back into text and a stop', () => {
    const res = convertResponse(parseMessage('anth', fixture('json-mode.json')), { jsonMode: true });
    expect(res.choices[0]).toMatchObject({ content: [{ type: 'text', text: '{"name":"Ada","age":36}' }], finishReason: 'stop' });
  });

  it('should report the matched stop sequence', () => {
    const res = convertResponse(parseMessage('anth', fixture('stop-sequence.json')), { jsonMode: false });
    expect(res.choices[0]).toMatchObject({ finishReason: 'stop', rawFinishReason: 'stop_sequence', stopSequence: '4' });
  });

  it('should reject a body that is not a message', () => {
    expect(() => parseMessage('anth', '{"nope":1}')).toThrow(expect.objectContaining({ code: 'GW_UPSTREAM_INVALID_RESPONSE' }));
    expect(() => parseMessage('anth', 'not json')).toThrow(expect.objectContaining({ code: 'GW_UPSTREAM_INVALID_RESPONSE' }));
  });
});

describe('AnthropicStreamConverter', () => {
  it('should stream text, skip ping, and end with finish then usage', async () => {
    const events = await replay('text.chunks.txt');
    expect(events.map((e) => e.type)).toEqual(['stream-start', 'text-delta', 'text-delta', 'finish', 'usage']);
    expect(events[3]).toEqual({ type: 'finish', choice: 0, finishReason: 'stop', rawFinishReason: 'end_turn', stopSequence: null });
    expect(events[4]).toMatchObject({ usage: { input: { total: 335, cacheRead: 300, cacheWrite: 10 }, output: { total: 15 } } });
  });

  it('should stream reasoning with its signature and reassemble tool arguments', async () => {
    const events = await replay('thinking-tool.chunks.txt');
    expect(events.map((e) => e.type)).toEqual([
      'stream-start', 'reasoning-delta', 'reasoning-delta', 'reasoning-delta', 'text-delta',
      'tool-call-start', 'tool-call-delta', 'tool-call-delta', 'tool-call-delta', 'tool-call-end', 'finish', 'usage',
    ]);
    expect(events[3]).toEqual({ type: 'reasoning-delta', choice: 0, delta: '', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA' });
    expect(events[5]).toEqual({ type: 'tool-call-start', choice: 0, index: 0, id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather' });
    const args = events.flatMap((e) => (e.type === 'tool-call-delta' ? [e.argumentsDelta] : [])).join('');
    expect(JSON.parse(args)).toEqual({ location: 'San Francisco, CA', unit: 'celsius' });
    expect(events[10]).toMatchObject({ finishReason: 'tool-calls' });
    expect(events[11]).toMatchObject({ usage: { input: { total: 472 }, output: { total: 89 } } });
  });

  it('should end with an unavailable error on an overloaded_error event, cancelling the call', async () => {
    const { events, body } = await replayWithBody('error-mid-stream.chunks.txt');
    expect(events.map((e) => e.type)).toEqual(['stream-start', 'error']);
    expect(events[1]).toMatchObject({ error: { code: 'GW_UPSTREAM_UNAVAILABLE' } });
    expect(body.finishedBy).toBe('destroy');
  });

  it('should drain the body after message_stop, so the connection is reused', async () => {
    // On a real connection the end of the chunked body may come after message_stop: it is read and
    // dropped. Destroying the body instead closes the keep-alive connection.
    const { events, body } = await replayWithBody('text.chunks.txt');
    expect(events.at(-1)).toMatchObject({ type: 'usage' });
    expect(body.finishedBy).toBe('discard');
  });

  it('should end with a stream-failed error when the body ends before message_stop', async () => {
    const events = await replay('truncated.chunks.txt');
    expect(events.map((e) => e.type)).toEqual(['stream-start', 'text-delta', 'error']);
    expect(events[2]).toMatchObject({ error: { code: 'GW_UPSTREAM_STREAM_FAILED' } });
  });
});
