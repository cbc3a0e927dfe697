/**
 * JSON schemas of the Messages API answers, transcribed from the type definitions of
 * `@anthropic-ai/sdk` 1.12.0 (`src/resources/messages/messages.ts`; API version 2026-10-21), which
 * is what Anthropic publishes as the description of its wire format. Every field the types declare
 * non-optional is required; `T | null` is written as a type list. Only the blocks and events a
 * gateway can produce are listed (no server-tool result blocks).
 */
export const ANTHROPIC_SDK_VERSION = '@anthropic-ai/sdk 1.12.0';

const nullable = (schema: Record<string, unknown>): Record<string, unknown> => ({ anyOf: [schema, { type: 'null' }] });
const ref = (name: string): Record<string, unknown> => ({ $ref: `#/components/schemas/${name}` });
const object = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)): Record<string, unknown> => ({ type: 'object', properties, required });
const literal = (value: string): Record<string, unknown> => ({ type: 'string', enum: [value] });
const int = { type: 'integer', minimum: 0 };

export const ANTHROPIC_SCHEMAS: Record<string, Record<string, unknown>> = {
  StopReason: { type: 'string', enum: ['end_turn', 'max_tokens', 'stop_sequence', 'tool_use', 'pause_turn', 'refusal', 'model_context_window_exceeded'] },
  CacheCreation: object({ ephemeral_1h_input_tokens: int, ephemeral_5m_input_tokens: int }),
  ServerToolUsage: object({ web_fetch_requests: int, web_search_requests: int }),
  OutputTokensDetails: object({ thinking_tokens: int }),
  Container: object({ id: { type: 'string' }, expires_at: { type: 'string' }, skills: nullable({ type: 'array' }) }),
  RefusalStopDetails: object({ category: nullable({ type: 'string' }), explanation: nullable({ type: 'string' }), type: literal('refusal') }),
  Diagnostics: object({ cache_miss_reason: nullable({ type: 'object' }) }),
  Usage: object({
    cache_creation: nullable(ref('CacheCreation')),
    cache_creation_input_tokens: nullable(int),
    cache_read_input_tokens: nullable(int),
    inference_geo: nullable({ type: 'string' }),
    input_tokens: int,
    output_tokens: int,
    output_tokens_details: nullable(ref('OutputTokensDetails')),
    server_tool_use: nullable(ref('ServerToolUsage')),
    service_tier: nullable({ type: 'string', enum: ['standard', 'priority', 'batch'] }),
    speed: nullable({ type: 'string', enum: ['standard', 'fast'] }),
  }),
  MessageDeltaUsage: object({
    cache_creation_input_tokens: nullable(int),
    cache_read_input_tokens: nullable(int),
    input_tokens: nullable(int),
    output_tokens: int,
    output_tokens_details: nullable(ref('OutputTokensDetails')),
    server_tool_use: nullable(ref('ServerToolUsage')),
  }),
  // The one field left optional against the types: the API leaves `citations` out of an answer's text
  // blocks that have none, and @ai-sdk/anthropic, which validates answers, rejects a null there
  // (test/clients/vercel-ai.test.ts). content_block_start's empty text block carries `citations: null`.
  TextBlock: object({ citations: nullable({ type: 'array' }), text: { type: 'string' }, type: literal('text') }, ['text', 'type']),
  ThinkingBlock: object({ signature: { type: 'string' }, thinking: { type: 'string' }, type: literal('thinking') }),
  RedactedThinkingBlock: object({ data: { type: 'string' }, type: literal('redacted_thinking') }),
  DirectCaller: object({ type: literal('direct') }),
  ToolUseBlock: {
    ...object({ id: { type: 'string' }, caller: ref('DirectCaller'), input: {}, name: { type: 'string' }, type: literal('tool_use'), toolset_name: nullable({ type: 'string' }) }, [
      'id', 'caller', 'input', 'name', 'type',
    ]),
  },
  ContentBlock: { anyOf: [ref('TextBlock'), ref('ThinkingBlock'), ref('RedactedThinkingBlock'), ref('ToolUseBlock')] },
  Message: object({
    id: { type: 'string' },
    container: nullable(ref('Container')),
    content: { type: 'array', items: ref('ContentBlock') },
    diagnostics: nullable(ref('Diagnostics')),
    model: { type: 'string' },
    role: literal('assistant'),
    stop_details: nullable(ref('RefusalStopDetails')),
    stop_reason: nullable(ref('StopReason')),
    stop_sequence: nullable({ type: 'string' }),
    type: literal('message'),
    usage: ref('Usage'),
  }),
  RawMessageStartEvent: object({ message: ref('Message'), type: literal('message_start') }),
  RawMessageDeltaEvent: object({
    delta: object({ container: nullable(ref('Container')), stop_details: nullable(ref('RefusalStopDetails')), stop_reason: nullable(ref('StopReason')), stop_sequence: nullable({ type: 'string' }) }),
    type: literal('message_delta'),
    usage: ref('MessageDeltaUsage'),
  }),
  RawMessageStopEvent: object({ type: literal('message_stop') }),
  RawContentBlockStartEvent: object({ content_block: ref('ContentBlock'), index: int, type: literal('content_block_start') }),
  RawContentBlockDeltaEvent: object({
    delta: {
      anyOf: [
        object({ text: { type: 'string' }, type: literal('text_delta') }),
        object({ partial_json: { type: 'string' }, type: literal('input_json_delta') }),
        object({ thinking: { type: 'string' }, type: literal('thinking_delta') }),
        object({ signature: { type: 'string' }, type: literal('signature_delta') }),
        object({ citation: { type: 'object' }, type: literal('citations_delta') }),
      ],
    },
    index: int,
    type: literal('content_block_delta'),
  }),
  RawContentBlockStopEvent: object({ index: int, type: literal('content_block_stop') }),
  PingEvent: object({ type: literal('ping') }),
  // Message threads (beta message-threads-2026-08-12): the request field (`BetaMessageThreadParam`,
  // resources/beta/messages/messages.ts) and the refusals (`ErrorResponse` of resources/shared.ts
  // with the `Thread*ErrorDetails` of resources/messages/messages.ts; statuses from core/error-classes.ts).
  MessageThreadParam: {
    anyOf: [object({ type: literal('create') }), object({ previous_message_id: { type: 'string' }, type: literal('continue') })],
  },
  ThreadErrorDetails: {
    anyOf: [
      object({ error_code: { type: 'string', enum: ['thread_not_found', 'thread_already_continued', 'thread_continue_in_flight', 'thread_fingerprint_mismatch'] } }),
      object({ error_code: literal('thread_unsupported_request'), unsupported: nullable({ type: 'array', items: { type: 'string', enum: ['cache_control', 'context_management', 'fallbacks', 'hipaa', 'inference_hooks', 'thinking'] } }) }, ['error_code']),
    ],
  },
  ThreadErrorResponse: object({
    error: object({ details: ref('ThreadErrorDetails'), message: { type: 'string' }, type: { type: 'string', enum: ['invalid_request_error', 'not_found_error'] } }),
    request_id: nullable({ type: 'string' }),
    type: literal('error'),
  }),
  RawMessageStreamEvent: {
    anyOf: [ref('RawMessageStartEvent'), ref('RawMessageDeltaEvent'), ref('RawMessageStopEvent'), ref('RawContentBlockStartEvent'), ref('RawContentBlockDeltaEvent'), ref('RawContentBlockStopEvent'), ref('PingEvent')],
  },
};
