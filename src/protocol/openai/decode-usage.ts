import { isJsonObject } from '../../core/json.js';
import type { IrUsage } from '../ir/index.js';
import { createUsage } from '../ir/index.js';

/** Read an OpenAI-style `usage` object (chat, completions or embeddings) into IR usage; null if absent. */
export function decodeOpenAIUsage(value: unknown): IrUsage | null {
  if (!isJsonObject(value)) return null;
  const prompt = int(value.prompt_tokens) ?? int(value.input_tokens);
  if (prompt === undefined) return null;
  const completion = int(value.completion_tokens) ?? int(value.output_tokens) ?? 0;
  const promptDetails = isJsonObject(value.prompt_tokens_details) ? value.prompt_tokens_details : {};
  const completionDetails = isJsonObject(value.completion_tokens_details) ? value.completion_tokens_details : {};
  return createUsage(prompt, completion, {
    cacheRead: int(promptDetails.cached_tokens) ?? 0,
    cacheWrite: int(promptDetails.cache_write_tokens) ?? 0,
    reasoning: int(completionDetails.reasoning_tokens) ?? 0,
  });
}

function int(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : undefined;
}
