import { isJsonObject } from '../../core/json.js';
import type { FakeAnswer, FakeRequest } from './fake-server.js';
import { FAKE_CREATED, argumentsText, countRequestWords, replyText, requestModel, resolveUsage, splitPieces, splitWords } from './reply-helpers.js';
import type { FakeUsage } from './types.js';

/** Shared id of the fake's chat completions. */
const CHAT_ID = 'chatcmpl-fake';

/** One OpenAI SSE frame. */
export function openAIFrame(data: unknown): string {
  return `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

/** OpenAI `usage` object (wire-formats §1.3). */
export function openAIUsage(usage: Required<FakeUsage>): Record<string, unknown> {
  const prompt = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
  return {
    prompt_tokens: prompt,
    completion_tokens: usage.outputTokens,
    total_tokens: prompt + usage.outputTokens,
    prompt_tokens_details: { cached_tokens: usage.cacheReadTokens, audio_tokens: 0, cache_write_tokens: usage.cacheWriteTokens },
    completion_tokens_details: { reasoning_tokens: usage.reasoningTokens, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

/** `POST /v1/chat/completions`, non-streaming (§1.3) or streaming (§1.4). */
export function answerChat(request: FakeRequest): FakeAnswer {
  const body = isJsonObject(request.body) ? request.body : {};
  const { reply } = request;
  const text = replyText(reply);
  const calls = (reply.toolCalls ?? []).map((call, i) => ({ id: call.id ?? `call_${i + 1}`, name: call.name, args: argumentsText(call) }));
  const finishReason = reply.finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop');
  const usage = resolveUsage(reply, countRequestWords(body, ['messages']), text);
  const withUsage = request.behaviour.kind !== 'no-usage';
  const model = requestModel(body);
  if (body.stream !== true) {
    const toolCalls = calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } }));
    const message = {
      role: 'assistant',
      content: text === '' && calls.length > 0 ? null : text,
      refusal: null,
      annotations: [],
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    };
    const response = {
      id: CHAT_ID, object: 'chat.completion', created: FAKE_CREATED, model, system_fingerprint: 'fp_fake', service_tier: 'default',
      choices: [{ index: 0, finish_reason: finishReason, logprobs: null, message }],
      ...(withUsage ? { usage: openAIUsage(usage) } : {}),
    };
    return { kind: 'json', body: response };
  }
  const includeUsage = withUsage && isJsonObject(body.stream_options) && body.stream_options.include_usage === true;
  const chunk = (delta: Record<string, unknown>, finish: string | null = null): string =>
    openAIFrame({
      id: CHAT_ID, object: 'chat.completion.chunk', created: FAKE_CREATED, model, system_fingerprint: 'fp_fake',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(includeUsage ? { usage: null } : {}),
    });
  const frames = [chunk({ role: 'assistant', content: '' })];
  for (const piece of splitWords(text)) frames.push(chunk({ content: piece }));
  calls.forEach((call, index) => {
    frames.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of splitPieces(call.args, 3)) frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  frames.push(chunk({}, finishReason));
  if (includeUsage) {
    frames.push(openAIFrame({ id: CHAT_ID, object: 'chat.completion.chunk', created: FAKE_CREATED, model, system_fingerprint: 'fp_fake', choices: [], usage: openAIUsage(usage) }));
  }
  frames.push(openAIFrame('[DONE]'));
  return { kind: 'sse', frames, terminal: 1 };
}
