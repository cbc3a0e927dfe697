import { z } from 'zod';

/**
 * Minimal schemas of the Anthropic Messages responses: only the fields the adapter reads
 * (wire-formats §5.3-5.5). Unknown fields are stripped, unknown block and event types tolerated.
 */

/** `usage` of a message or of a `message_delta` (counts may be absent in deltas). */
export const anthropicUsageSchema = z.object({
  input_tokens: z.number().nullish(),
  output_tokens: z.number().nullish(),
  cache_creation_input_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
});

/** Anthropic usage as read from the wire. */
export type AnthropicUsage = z.infer<typeof anthropicUsageSchema>;

/** A response content block; blocks of other types are kept as `{type}` and skipped. */
export const anthropicContentBlockSchema = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
  z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().nullish() }),
  z.object({ type: z.string() }),
]);

/** A response content block as read from the wire. */
export type AnthropicContentBlock = z.infer<typeof anthropicContentBlockSchema>;

/** The non-streaming response (§5.3). */
export const anthropicMessageSchema = z.object({
  id: z.string(),
  model: z.string(),
  content: z.array(anthropicContentBlockSchema),
  stop_reason: z.string().nullish(),
  stop_sequence: z.string().nullish(),
  usage: anthropicUsageSchema.nullish(),
});

/** A non-streaming response as read from the wire. */
export type AnthropicMessage = z.infer<typeof anthropicMessageSchema>;

/** The error object of the envelope and of the `error` stream event (§5.5). */
const errorSchema = z.object({ type: z.string(), message: z.string().nullish() });

/** A content delta (§5.4); unknown delta types (`citations_delta`) are kept as `{type}`. */
const deltaSchema = z.union([
  z.object({ type: z.literal('text_delta'), text: z.string() }),
  z.object({ type: z.literal('input_json_delta'), partial_json: z.string() }),
  z.object({ type: z.literal('thinking_delta'), thinking: z.string() }),
  z.object({ type: z.literal('signature_delta'), signature: z.string() }),
  z.object({ type: z.string() }),
]);

/** The stream events the adapter reads (§5.4); `ping` and unknown events are not parsed. */
export const anthropicStreamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message_start'),
    message: z.object({ id: z.string(), model: z.string(), usage: anthropicUsageSchema.nullish() }),
  }),
  z.object({ type: z.literal('content_block_start'), index: z.number(), content_block: anthropicContentBlockSchema }),
  z.object({ type: z.literal('content_block_delta'), index: z.number(), delta: deltaSchema }),
  z.object({ type: z.literal('content_block_stop'), index: z.number() }),
  z.object({
    type: z.literal('message_delta'),
    delta: z.object({ stop_reason: z.string().nullish(), stop_sequence: z.string().nullish() }),
    usage: anthropicUsageSchema.nullish(),
  }),
  z.object({ type: z.literal('message_stop') }),
  z.object({ type: z.literal('error'), error: errorSchema }),
]);

/** A parsed stream event. */
export type AnthropicStreamEvent = z.infer<typeof anthropicStreamEventSchema>;

/** Names of the events {@link anthropicStreamEventSchema} understands. */
export const KNOWN_STREAM_EVENTS: ReadonlySet<string> = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'error',
]);
