import { z } from 'zod';
import { onFirstUse } from '../../core/on-first-use.js';

// Built on first use (core/on-first-use.ts): an idle gateway does not hold the schemas of routes not yet called.

/** A text block (`cache_control`, `citations` and other fields are accepted and ignored). */
const textBlock = onFirstUse(() => z.looseObject({ type: z.literal('text'), text: z.string() }));

/** An image block: base64 data or a URL (wire-formats §5.2). */
const imageBlock = onFirstUse(() =>
  z.looseObject({
    type: z.literal('image'),
    source: z.discriminatedUnion('type', [
      z.looseObject({ type: z.literal('base64'), media_type: z.string().min(1), data: z.string() }),
      z.looseObject({ type: z.literal('url'), url: z.string().min(1) }),
      z.looseObject({ type: z.literal('file') }),
    ]),
  }),
);

/** A tool call echoed back in an assistant turn; `input` is an object. */
const toolUseBlock = onFirstUse(() => z.looseObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.record(z.string(), z.unknown()) }));

/** A tool result in a user turn. */
const toolResultBlock = onFirstUse(() =>
  z.looseObject({
    type: z.literal('tool_result'),
    tool_use_id: z.string(),
    content: z.union([z.string(), z.array(z.union([textBlock(), imageBlock()]))]).optional(),
    is_error: z.boolean().optional(),
  }),
);

/** Thinking echoed back (signature verified by Anthropic upstreams). */
const thinkingBlock = onFirstUse(() => z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().optional() }));

/** Other block types are recognised so they can be refused by name. */
const otherBlock = onFirstUse(() => z.looseObject({ type: z.enum(['redacted_thinking', 'document', 'search_result', 'server_tool_use', 'container_upload']) }));

/** Any request content block. */
const contentBlock = onFirstUse(() => z.discriminatedUnion('type', [textBlock(), imageBlock(), toolUseBlock(), toolResultBlock(), thinkingBlock(), otherBlock()]));

/** One turn of the conversation. */
const messageSchema = onFirstUse(() =>
  z.looseObject({
    role: z.enum(['user', 'assistant', 'system']),
    content: z.union([z.string(), z.array(contentBlock())]),
  }),
);

/** A custom tool; server tools (dated `type`) are refused by the decoder. */
const toolSchema = onFirstUse(() =>
  z.looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    input_schema: z.record(z.string(), z.unknown()).optional(),
    type: z.string().optional(),
    strict: z.boolean().optional(),
  }),
);

const toolChoiceSchema = onFirstUse(() =>
  z.discriminatedUnion('type', [
    z.looseObject({ type: z.enum(['auto', 'any']), disable_parallel_tool_use: z.boolean().optional() }),
    z.looseObject({ type: z.literal('tool'), name: z.string(), disable_parallel_tool_use: z.boolean().optional() }),
    z.looseObject({ type: z.literal('none') }),
  ]),
);

const thinkingSchema = onFirstUse(() =>
  z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('enabled'), budget_tokens: z.number().int().min(1) }),
    z.looseObject({ type: z.literal('adaptive') }),
    z.looseObject({ type: z.literal('disabled') }),
  ]),
);

/**
 * Server-held conversation state (@anthropic-ai/sdk 1.12.0 `BetaMessageThreadParam`): `create` holds
 * the conversation under the answer's id; `continue` resumes from one, sending only new messages.
 */
const threadSchema = onFirstUse(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('create') }),
    z.object({ type: z.literal('continue'), previous_message_id: z.string().min(1) }),
  ]),
);

const messagesFields = onFirstUse(() => ({
  model: z.string().min(1),
  max_tokens: z.number().int().min(0),
  messages: z.array(messageSchema()).min(1, 'must contain at least one message'),
  system: z.union([z.string(), z.array(textBlock())]).optional(),
  tools: z.array(toolSchema()).optional(),
  tool_choice: toolChoiceSchema().optional(),
  stop_sequences: z.array(z.string()).optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(0).optional(),
  thinking: thinkingSchema().optional(),
  stream: z.boolean().optional(),
  metadata: z.looseObject({ user_id: z.string().nullish() }).optional(),
  output_config: z
    .looseObject({
      effort: z.enum(['low', 'medium', 'high', 'max']).optional(),
      format: z.looseObject({ type: z.literal('json_schema'), schema: z.record(z.string(), z.unknown()) }).nullish(),
    })
    .optional(),
}));

/**
 * `POST /v1/messages` body (wire-formats §5.2). Loose: unknown fields are kept for an Anthropic
 * upstream (passthrough) and reported as ignored elsewhere. A thread's `continue` may send no new
 * message (the SDK resumes a `pause_turn` answer that way).
 */
export const messagesRequestSchema = onFirstUse(() =>
  z.looseObject({
    ...messagesFields(),
    messages: z.array(messageSchema()),
    thread: threadSchema().nullish(),
  }).superRefine((body, ctx) => {
    if (body.messages.length === 0 && body.thread?.type !== 'continue') ctx.addIssue({ code: 'too_small', minimum: 1, origin: 'array', inclusive: true, path: ['messages'], message: 'must contain at least one message' });
  }),
);

/** A validated Messages request body. */
export type MessagesRequestBody = z.infer<ReturnType<typeof messagesRequestSchema>>;
/** One validated turn. */
export type MessagesTurn = z.infer<ReturnType<typeof messageSchema>>;
/** One validated content block. */
export type MessagesContentBlock = z.infer<ReturnType<typeof contentBlock>>;

/** `POST /v1/messages/count_tokens` body: the same minus `max_tokens` and `stream`. */
export const countTokensRequestSchema = onFirstUse(() => z.looseObject(messagesFields()).omit({ max_tokens: true, stream: true }));

/** A validated count_tokens body. */
export type CountTokensRequestBody = z.infer<ReturnType<typeof countTokensRequestSchema>>;
