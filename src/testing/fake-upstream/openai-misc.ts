import { isJsonObject } from '../../core/json.js';
import type { FakeAnswer, FakeRequest } from './fake-server.js';
import { openAIFrame, openAIUsage } from './openai-chat.js';
import { FAKE_CREATED, countRequestWords, replyText, requestModel, resolveUsage, splitWords } from './reply-helpers.js';

/** Vector length when the request sets no `dimensions`. */
const DEFAULT_DIMENSIONS = 8;

/** `POST /v1/completions` (§4.2), streaming too: same `text_completion` object per chunk. */
export function answerCompletion(request: FakeRequest): FakeAnswer {
  const body = isJsonObject(request.body) ? request.body : {};
  const text = replyText({ ...request.reply, toolCalls: [] });
  const finishReason = request.reply.finishReason ?? 'stop';
  const usage = resolveUsage({ ...request.reply, toolCalls: [] }, countRequestWords(body, ['prompt', 'suffix']), text);
  const withUsage = request.behaviour.kind !== 'no-usage';
  const base = { id: 'cmpl-fake', object: 'text_completion', created: FAKE_CREATED, model: requestModel(body) };
  const usageBody = (): Record<string, unknown> => {
    const full = openAIUsage(usage);
    return { prompt_tokens: full.prompt_tokens, completion_tokens: full.completion_tokens, total_tokens: full.total_tokens };
  };
  if (body.stream !== true) {
    const choices = [{ index: 0, text, finish_reason: finishReason, logprobs: null }];
    return { kind: 'json', body: { ...base, choices, ...(withUsage ? { usage: usageBody() } : {}) } };
  }
  const includeUsage = withUsage && isJsonObject(body.stream_options) && body.stream_options.include_usage === true;
  const chunk = (piece: string, finish: string | null): string =>
    openAIFrame({ ...base, choices: [{ index: 0, text: piece, finish_reason: finish, logprobs: null }], ...(includeUsage ? { usage: null } : {}) });
  const frames = splitWords(text).map((piece) => chunk(piece, null));
  frames.push(chunk('', finishReason));
  if (includeUsage) frames.push(openAIFrame({ ...base, choices: [], usage: usageBody() }));
  frames.push(openAIFrame('[DONE]'));
  return { kind: 'sse', frames, terminal: 1 };
}

/** `POST /v1/embeddings` (§4.1): deterministic vectors, `dimensions` and base64 float32 LE honoured. */
export function answerEmbeddings(request: FakeRequest): FakeAnswer {
  const body = isJsonObject(request.body) ? request.body : {};
  const inputs = embeddingInputs(body.input);
  const dimensions = typeof body.dimensions === 'number' ? body.dimensions : DEFAULT_DIMENSIONS;
  const base64 = body.encoding_format === 'base64';
  const data = inputs.map((input, index) => {
    const vector = fakeVector(JSON.stringify(input), dimensions);
    const embedding = base64 ? Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64') : Array.from(vector);
    return { object: 'embedding', index, embedding };
  });
  const tokens = request.reply.usage?.inputTokens ?? countRequestWords(body, ['input']);
  const usage = request.behaviour.kind === 'no-usage' ? {} : { usage: { prompt_tokens: tokens, total_tokens: tokens } };
  return { kind: 'json', body: { object: 'list', model: requestModel(body), data, ...usage } };
}

/** `GET /v1/models`: the OpenAI list shape. */
export function answerModels(): FakeAnswer {
  const data = ['fake-chat', 'fake-embedding'].map((id) => ({ id, object: 'model', created: FAKE_CREATED, owned_by: 'fake' }));
  return { kind: 'json', body: { object: 'list', data } };
}

/** Normalise `input` (string | string[] | number[] | number[][]) to one entry per vector. */
function embeddingInputs(input: unknown): unknown[] {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input)) return [];
  if (input.length > 0 && input.every((v) => typeof v === 'number')) return [input];
  return input;
}

/** A unit-ish float32 vector derived from the input text (same input, same vector). */
function fakeVector(seedText: string, dimensions: number): Float32Array {
  let seed = 0;
  for (const ch of seedText) seed = (seed * 31 + ch.charCodeAt(0)) % 1_000_003;
  const vector = new Float32Array(dimensions);
  for (let i = 0; i < dimensions; i++) vector[i] = Math.sin(seed + i * 1.7) / Math.sqrt(dimensions);
  return vector;
}
