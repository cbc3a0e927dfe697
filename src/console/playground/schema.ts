import { z } from 'zod';

/**
 * The answer of `POST /projects/:projectId/playground/chat/completions`: exactly what
 * `/v1/chat/completions` answers (OpenAI chat completion JSON, or `text/event-stream` chunks when
 * `stream` is true), with `x-request-id` naming its request-log entry. Described loosely here; the
 * wire format is OpenAI's.
 */
export const playgroundChatResponse = z
  .looseObject({
    id: z.string(),
    object: z.string(),
    model: z.string(),
    choices: z.array(z.looseObject({})),
    usage: z.looseObject({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number(), cost: z.string().optional() }).optional(),
  })
  .describe('An OpenAI chat completion (JSON), or SSE chunks when stream is true.');
