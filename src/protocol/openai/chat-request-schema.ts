import { z } from 'zod';
import { onFirstUse } from '../../core/on-first-use.js';

// Built on first use (core/on-first-use.ts): an idle gateway does not hold the schemas of routes not yet called.

/** Text part of a message. */
const textPart = onFirstUse(() => z.looseObject({ type: z.literal('text'), text: z.string() }));
/** Image part (URL or data: URI). */
const imagePart = onFirstUse(() =>
  z.looseObject({
    type: z.literal('image_url'),
    image_url: z.looseObject({ url: z.string().min(1), detail: z.enum(['auto', 'low', 'high']).optional() }),
  }),
);
/** Parts a user message may hold; audio and file parts are recognised so they can be refused clearly. */
const userPart = onFirstUse(() =>
  z.discriminatedUnion('type', [
    textPart(),
    imagePart(),
    z.looseObject({ type: z.literal('input_audio') }),
    z.looseObject({ type: z.literal('file') }),
  ]),
);
const textContent = onFirstUse(() => z.union([z.string(), z.array(textPart())]));

/** A tool call in an assistant message; `arguments` is JSON text. */
const functionToolCall = onFirstUse(() =>
  z.looseObject({
    id: z.string(),
    type: z.literal('function'),
    function: z.looseObject({ name: z.string(), arguments: z.string() }),
  }),
);
/** A call of a custom (free-form input) tool; only OpenAI-compatible upstreams understand it. */
const customToolCall = onFirstUse(() => z.looseObject({ id: z.string(), type: z.literal('custom'), custom: z.looseObject({ name: z.string(), input: z.string() }) }));
const toolCall = onFirstUse(() => z.discriminatedUnion('type', [functionToolCall(), customToolCall()]));

/** One message, by role. */
export const chatMessageSchema = onFirstUse(() =>
  z.discriminatedUnion('role', [
    z.looseObject({ role: z.enum(['system', 'developer']), content: textContent(), name: z.string().optional() }),
    z.looseObject({ role: z.literal('user'), content: z.union([z.string(), z.array(userPart())]), name: z.string().optional() }),
    z.looseObject({
      role: z.literal('assistant'),
      content: z.union([z.string(), z.array(z.looseObject({ type: z.enum(['text', 'refusal']) })), z.null()]).optional(),
      tool_calls: z.array(toolCall()).optional(),
      refusal: z.string().nullable().optional(),
      name: z.string().optional(),
    }),
    z.looseObject({ role: z.literal('tool'), tool_call_id: z.string(), content: textContent() }),
    // Deprecated in the official schema but still accepted there: a legacy function result.
    z.looseObject({ role: z.literal('function'), name: z.string(), content: z.string().nullable() }),
  ]),
);

/** A function tool. */
const functionTool = onFirstUse(() =>
  z.looseObject({
    type: z.literal('function'),
    function: z.looseObject({
      name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, underscores or dashes'),
      description: z.string().optional(),
      parameters: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullable().optional(),
    }),
  }),
);

/** A custom tool: free-form text input, optionally constrained by a grammar (`lark` or `regex`). */
const customTool = onFirstUse(() =>
  z.looseObject({
    type: z.literal('custom'),
    custom: z.looseObject({
      name: z.string().min(1),
      description: z.string().optional(),
      format: z
        .discriminatedUnion('type', [
          z.looseObject({ type: z.literal('text') }),
          z.looseObject({ type: z.literal('grammar'), grammar: z.looseObject({ definition: z.string(), syntax: z.enum(['lark', 'regex']) }) }),
        ])
        .optional(),
    }),
  }),
);
const tool = onFirstUse(() => z.discriminatedUnion('type', [functionTool(), customTool()]));

const toolChoice = onFirstUse(() =>
  z.union([
    z.enum(['none', 'auto', 'required']),
    z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string() }) }),
    z.looseObject({ type: z.literal('custom'), custom: z.looseObject({ name: z.string() }) }),
    z.looseObject({
      type: z.literal('allowed_tools'),
      allowed_tools: z.looseObject({ mode: z.enum(['auto', 'required']), tools: z.array(z.record(z.string(), z.unknown())) }),
    }),
  ]),
);

const responseFormat = onFirstUse(() =>
  z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('text') }),
    z.looseObject({ type: z.literal('json_object') }),
    z.looseObject({
      type: z.literal('json_schema'),
      json_schema: z.looseObject({
        name: z.string(),
        description: z.string().optional(),
        schema: z.record(z.string(), z.unknown()).optional(),
        strict: z.boolean().nullable().optional(),
      }),
    }),
  ]),
);

const optionalNumber = (min: number, max: number) => z.number().min(min).max(max).nullable().optional();
const positiveInt = onFirstUse(() => z.number().int().min(1).nullable().optional());

/**
 * `POST /v1/chat/completions` body (wire-formats §1.1). Loose: fields we do not know are kept and
 * passed to upstreams of the same dialect.
 */
export const chatRequestSchema = onFirstUse(() =>
  z.looseObject({
    model: z.string().min(1),
    messages: z.array(chatMessageSchema()).min(1, 'must contain at least one message'),
    temperature: optionalNumber(0, 2),
    top_p: optionalNumber(0, 1),
    n: z.number().int().min(1).max(128).nullable().optional(),
    stop: z.union([z.string(), z.array(z.string()).max(4)]).nullable().optional(),
    seed: z.number().int().nullable().optional(),
    presence_penalty: optionalNumber(-2, 2),
    frequency_penalty: optionalNumber(-2, 2),
    logit_bias: z.record(z.string(), z.number()).nullable().optional(),
    logprobs: z.boolean().nullable().optional(),
    top_logprobs: z.number().int().min(0).max(20).nullable().optional(),
    max_tokens: positiveInt(),
    max_completion_tokens: positiveInt(),
    stream: z.boolean().nullable().optional(),
    stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
    tools: z.array(tool()).optional(),
    tool_choice: toolChoice().optional(),
    parallel_tool_calls: z.boolean().optional(),
    response_format: responseFormat().optional(),
    reasoning_effort: z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max']).nullable().optional(),
    user: z.string().optional(),
  }),
);

/** A validated chat request body. */
export type ChatRequestBody = z.infer<ReturnType<typeof chatRequestSchema>>;
/** One validated chat message. */
export type ChatMessageBody = z.infer<ReturnType<typeof chatMessageSchema>>;
