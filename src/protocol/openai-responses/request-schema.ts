import { z } from 'zod';
import { inputItemSchema } from './input-items/input-item-schema.js';
import { toolChoiceSchema, toolSchema } from './tools/tool-schema.js';
import { onFirstUse } from '../../core/on-first-use.js';

// Built on first use (core/on-first-use.ts): an idle gateway does not hold the schemas of routes not yet called.

/** `text.format`: json_schema is flat here (chat nests it under `json_schema`). */
const formatSchema = onFirstUse(() =>
  z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('text') }),
    z.looseObject({ type: z.literal('json_object') }),
    z.looseObject({
      type: z.literal('json_schema'),
      name: z.string(),
      schema: z.record(z.string(), z.unknown()),
      strict: z.boolean().nullish(),
      description: z.string().optional(),
    }),
  ]),
);

/**
 * `POST /v1/responses` body (wire-formats §6.1). Loose: fields without an IR slot are accepted and
 * reported as ignored.
 */
export const responsesRequestSchema = onFirstUse(() =>
  z.looseObject({
    model: z.string().min(1),
    input: z.union([z.string(), z.array(inputItemSchema())]).optional(),
    instructions: z.string().nullish(),
    tools: z.array(toolSchema()).optional(),
    tool_choice: toolChoiceSchema().optional(),
    parallel_tool_calls: z.boolean().nullish(),
    text: z.looseObject({ format: formatSchema().optional() }).nullish(),
    reasoning: z.looseObject({ effort: z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh']).nullish() }).nullish(),
    max_output_tokens: z.number().int().min(1).nullish(),
    temperature: z.number().min(0).max(2).nullish(),
    top_p: z.number().min(0).max(1).nullish(),
    stream: z.boolean().nullish(),
    store: z.boolean().nullish(),
    previous_response_id: z.string().min(1).nullish(),
    metadata: z.record(z.string(), z.string()).nullish(),
    user: z.string().optional(),
    safety_identifier: z.string().optional(),
  }),
);

/** A validated Responses request body. */
export type ResponsesRequestBody = z.infer<ReturnType<typeof responsesRequestSchema>>;
