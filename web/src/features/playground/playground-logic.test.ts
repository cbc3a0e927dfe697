import { describe, expect, it } from 'vitest';
import { buildChatBody, EXAMPLE_TOOLS, type PlaygroundForm } from './chat-body';
import { applyChunk, EMPTY_RESULT, fromCompletion } from './chat-result';

const FORM: PlaygroundForm = { model: 'openai/gpt-4o-mini', system: '', user: 'Hello', temperature: '', maxTokens: '', stream: true, jsonMode: false, toolsOn: false, tools: EXAMPLE_TOOLS };

describe('buildChatBody', () => {
  it('should send the messages, streaming with usage, and only the options set', () => {
    expect(buildChatBody({ ...FORM, system: 'Be brief', temperature: '0.5', maxTokens: '64', jsonMode: true })).toEqual({
      ok: true,
      body: {
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'system', content: 'Be brief' }, { role: 'user', content: 'Hello' }],
        temperature: 0.5, max_tokens: 64, stream: true, stream_options: { include_usage: true }, response_format: { type: 'json_object' },
      },
    });
    expect(buildChatBody({ ...FORM, stream: false })).toEqual({ ok: true, body: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] } });
  });

  it('should name the field at fault', () => {
    expect(buildChatBody({ ...FORM, model: ' ' })).toMatchObject({ ok: false, field: 'model' });
    expect(buildChatBody({ ...FORM, temperature: '3' })).toMatchObject({ ok: false, field: 'temperature' });
    expect(buildChatBody({ ...FORM, maxTokens: '1.5' })).toMatchObject({ ok: false, field: 'maxTokens' });
    expect(buildChatBody({ ...FORM, toolsOn: true, tools: '[{' })).toMatchObject({ ok: false, field: 'tools', message: expect.stringContaining('not valid JSON') });
    expect(buildChatBody({ ...FORM, toolsOn: true, tools: '{}' })).toMatchObject({ ok: false, field: 'tools' });
    expect(buildChatBody({ ...FORM, toolsOn: true })).toMatchObject({ ok: true, body: { tools: JSON.parse(EXAMPLE_TOOLS) as unknown } });
  });
});

describe('applyChunk', () => {
  it('should join text deltas and tool-call fragments, then take the usage and cost of the last chunk', () => {
    const chunks = [
      { model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hel' } }] },
      { choices: [{ index: 0, delta: { content: 'lo' } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"ci' } }] } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: 'ty":"Paris"}' } }] }, finish_reason: 'tool_calls' }] },
      { choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, cost: '0.000012345' } },
    ];
    const result = chunks.reduce(applyChunk, EMPTY_RESULT);
    expect(result).toEqual({
      text: 'Hello', model: 'm', finishReason: 'tool_calls', streamError: null,
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
      usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15, cost: '0.000012345' },
    });
  });

  it('should keep the words of an error the stream ended with', () => {
    expect(applyChunk(EMPTY_RESULT, { error: { message: 'upstream went away', code: 'upstream_stream_failed' } }).streamError).toBe('upstream went away');
  });
});

describe('fromCompletion', () => {
  it('should read the message, tool calls and usage of a JSON answer', () => {
    expect(fromCompletion({
      model: 'm',
      choices: [{ message: { content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }, finish_reason: 'tool_calls' }],
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3, cost: '0.000000010' },
    })).toEqual({ text: '', toolCalls: [{ id: 'c', name: 'f', arguments: '{}' }], finishReason: 'tool_calls', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3, cost: '0.000000010' }, model: 'm', streamError: null });
  });
});
