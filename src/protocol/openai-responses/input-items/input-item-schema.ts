import { z } from 'zod';
import { onFirstUse } from '../../../core/on-first-use.js';

// Built on first use (core/on-first-use.ts): an idle gateway does not hold the schemas of routes not yet called.

/** Text parts: `input_text` (user), `output_text` (assistant history). */
const textPart = onFirstUse(() => z.looseObject({ type: z.enum(['input_text', 'output_text']), text: z.string() }));
/** Refusal part in assistant history. */
const refusalPart = onFirstUse(() => z.looseObject({ type: z.literal('refusal'), refusal: z.string() }));
/** Image part: a URL or data URI (`file_id` is refused by the decoder). */
const imagePart = onFirstUse(() =>
  z.looseObject({
    type: z.literal('input_image'),
    image_url: z.string().nullish(),
    file_id: z.string().nullish(),
    detail: z.enum(['auto', 'low', 'high']).optional(),
  }),
);
/** File and audio parts are recognised so they can be refused by name. */
const otherPart = onFirstUse(() => z.looseObject({ type: z.enum(['input_file', 'input_audio']) }));

/** Any content part of a message item. */
export const contentPartSchema = onFirstUse(() => z.discriminatedUnion('type', [textPart(), refusalPart(), imagePart(), otherPart()]));

/** A message item (`type` may be omitted: an "easy input message"). */
const messageItem = onFirstUse(() =>
  z.looseObject({
    type: z.literal('message').optional(),
    role: z.enum(['user', 'assistant', 'system', 'developer']),
    content: z.union([z.string(), z.array(contentPartSchema())]),
  }),
);

/** An echoed function call; `call_id` pairs it with its output. */
const functionCallItem = onFirstUse(() =>
  z.looseObject({
    type: z.literal('function_call'),
    call_id: z.string(),
    name: z.string(),
    arguments: z.string(),
  }),
);

/** A function result keyed by `call_id`. */
const functionCallOutputItem = onFirstUse(() =>
  z.looseObject({
    type: z.literal('function_call_output'),
    call_id: z.string(),
    output: z.union([z.string(), z.array(contentPartSchema())]),
  }),
);

/** Reasoning echoed back; the gateway keeps an Anthropic signature in `encrypted_content`. */
const reasoningItem = onFirstUse(() =>
  z.looseObject({
    type: z.literal('reasoning'),
    summary: z.array(z.looseObject({ text: z.string() })).optional(),
    content: z.array(z.looseObject({ text: z.string() })).nullish(),
    encrypted_content: z.string().nullish(),
  }),
);

/** Item types this gateway cannot replay (hosted tool calls, item references ...). */
const otherItem = onFirstUse(() =>
  z.looseObject({
    type: z.enum(['item_reference', 'file_search_call', 'web_search_call', 'computer_call', 'computer_call_output', 'image_generation_call',
      'code_interpreter_call', 'local_shell_call', 'local_shell_call_output', 'mcp_call', 'mcp_list_tools', 'mcp_approval_request',
      'mcp_approval_response', 'custom_tool_call', 'custom_tool_call_output']),
  }),
);

/** One input item. */
export const inputItemSchema = onFirstUse(() => z.union([messageItem(), functionCallItem(), functionCallOutputItem(), reasoningItem(), otherItem()]));

/** A validated input item. */
export type InputItem = z.infer<ReturnType<typeof inputItemSchema>>;
/** A validated content part. */
export type ContentPart = z.infer<ReturnType<typeof contentPartSchema>>;
