import { z } from 'zod';

/**
 * Minimal schemas of OpenAI chat responses: only the fields the adapter reads (wire-formats §1.3,
 * §1.4). Unknown fields are stripped; `usage` is read by `protocol/openai/decode-usage`.
 */

/** A complete tool call of a non-streaming message. */
const toolCallSchema = z.object({
  id: z.string(),
  function: z.object({ name: z.string(), arguments: z.string().nullish() }),
});

/** The non-streaming `chat.completion` object. */
export const chatCompletionSchema = z.object({
  id: z.string().nullish(),
  model: z.string().nullish(),
  choices: z.array(
    z.object({
      index: z.number().nullish(),
      message: z.object({
        content: z.string().nullish(),
        reasoning_content: z.string().nullish(),
        reasoning: z.string().nullish(),
        tool_calls: z.array(toolCallSchema).nullish(),
      }),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: z.unknown().optional(),
});

/** A parsed `chat.completion`. */
export type ChatCompletion = z.infer<typeof chatCompletionSchema>;

/** A streamed tool-call delta: `id` and `name` come first, `arguments` in pieces. */
const toolCallDeltaSchema = z.object({
  index: z.number(),
  id: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

/** One `chat.completion.chunk` (or an in-stream `{error}` object). */
export const chatChunkSchema = z.object({
  id: z.string().nullish(),
  model: z.string().nullish(),
  choices: z
    .array(
      z.object({
        index: z.number(),
        delta: z
          .object({
            content: z.string().nullish(),
            reasoning_content: z.string().nullish(),
            reasoning: z.string().nullish(),
            tool_calls: z.array(toolCallDeltaSchema).nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: z.unknown().optional(),
  error: z.object({ message: z.string().nullish(), type: z.string().nullish() }).nullish(),
});

/** A parsed chunk. */
export type ChatChunk = z.infer<typeof chatChunkSchema>;

/** A Cohere/Jina-style rerank answer. */
export const rerankResponseSchema = z.object({
  results: z.array(z.object({ index: z.number(), relevance_score: z.number() })),
  meta: z.object({ billed_units: z.object({ search_units: z.number().nullish() }).nullish() }).nullish(),
  usage: z.object({ total_tokens: z.number().nullish() }).nullish(),
});
