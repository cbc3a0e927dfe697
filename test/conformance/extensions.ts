/**
 * The one list of fields tf-gateway adds on purpose to the answers of the APIs it imitates. The
 * conformance suite allows exactly these beyond the official schemas; any other field fails it.
 * Each entry: the official schema (by name), the path of keys inside it to the object that gains the
 * field, the field and its JSON schema.
 */
export interface Extension {
  /** `openai`: a component of OpenAI's OpenAPI document; `anthropic`: a schema of ./anthropic-sdk.ts. */
  readonly spec: 'openai' | 'anthropic';
  readonly schema: string;
  /** Keys from the schema to the object schema that gains `field` (empty: the schema itself). */
  readonly path: readonly string[];
  readonly field: string;
  readonly fieldSchema: Record<string, unknown>;
  /** Why it is there. */
  readonly why: string;
}

/** `usage.cost`: the exact price of the request, a USD decimal string (9 decimals). */
const COST = { type: 'string', pattern: '^\\d+\\.\\d{9}$' };
/** `tf`: what the gateway did to the request (ignored parameters; a failed response's own error code). */
const TF = {
  type: 'object',
  properties: { ignored_params: { type: 'array', items: { type: 'string' } }, error_code: { type: 'string' } },
  additionalProperties: false,
};

export const EXTENSIONS: readonly Extension[] = [
  { spec: 'openai', schema: 'CompletionUsage', path: [], field: 'cost', fieldSchema: COST, why: 'cost of chat and legacy completions' },
  { spec: 'openai', schema: 'ResponseUsage', path: [], field: 'cost', fieldSchema: COST, why: 'cost of a response' },
  { spec: 'openai', schema: 'CreateEmbeddingResponse', path: ['properties', 'usage'], field: 'cost', fieldSchema: COST, why: 'cost of embeddings' },
  { spec: 'openai', schema: 'CreateChatCompletionResponse', path: [], field: 'tf', fieldSchema: TF, why: 'ignored parameters' },
  { spec: 'openai', schema: 'CreateChatCompletionStreamResponse', path: [], field: 'tf', fieldSchema: TF, why: 'ignored parameters (first chunk)' },
  { spec: 'openai', schema: 'CreateCompletionResponse', path: [], field: 'tf', fieldSchema: TF, why: 'ignored parameters' },
  { spec: 'openai', schema: 'CreateEmbeddingResponse', path: [], field: 'tf', fieldSchema: TF, why: 'ignored parameters' },
  { spec: 'openai', schema: 'Response', path: [], field: 'tf', fieldSchema: TF, why: 'ignored parameters; the gateway code of a failed response' },
  { spec: 'openai', schema: 'ChatCompletionResponseMessage', path: [], field: 'reasoning_content', fieldSchema: { type: 'string' }, why: 'reasoning text, as DeepSeek and vLLM name it' },
  { spec: 'openai', schema: 'ChatCompletionStreamResponseDelta', path: [], field: 'reasoning_content', fieldSchema: { type: 'string' }, why: 'streamed reasoning text' },
  {
    spec: 'openai', schema: 'CreateCompletionResponse', path: [], field: 'usage', fieldSchema: { anyOf: [{ $ref: '#/components/schemas/CompletionUsage' }, { type: 'null' }] },
    why: 'the OpenAPI document reuses the answer for stream chunks, which say "usage": null before the usage chunk as chat chunks do (issue 18 item 7)',
  },
  {
    spec: 'openai', schema: 'CreateCompletionResponse', path: ['properties', 'choices', 'items'], field: 'finish_reason',
    fieldSchema: { anyOf: [{ type: 'string', enum: ['stop', 'length', 'content_filter'] }, { type: 'null' }] },
    why: 'stream chunks before the last have no finish reason yet (the OpenAPI document reuses the answer for chunks)',
  },
  {
    spec: 'openai', schema: 'CreateChatCompletionStreamResponse', path: ['properties', 'choices', 'items'], field: 'finish_reason',
    fieldSchema: { anyOf: [{ type: 'string', enum: ['stop', 'length', 'tool_calls', 'content_filter', 'function_call', 'error'] }, { type: 'null' }] },
    why: "the chunk closing a stream that failed midway says finish_reason 'error' (docs/errors.md)",
  },
  { spec: 'anthropic', schema: 'Usage', path: [], field: 'cost', fieldSchema: COST, why: 'cost of a message' },
  { spec: 'anthropic', schema: 'MessageDeltaUsage', path: [], field: 'cost', fieldSchema: COST, why: 'cost of a streamed message' },
  { spec: 'anthropic', schema: 'Message', path: [], field: 'tf', fieldSchema: TF, why: 'ignored parameters' },
  { spec: 'anthropic', schema: 'ThreadErrorResponse', path: ['properties', 'error'], field: 'code', fieldSchema: { type: 'string' }, why: "the gateway's wire code, in every envelope (docs/errors.md)" },
  { spec: 'anthropic', schema: 'ThreadErrorResponse', path: ['properties', 'error'], field: 'param', fieldSchema: { type: ['string', 'null'] }, why: 'the request field the error is about' },
];
