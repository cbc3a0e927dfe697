import type { IrUsage } from '../ir/index.js';

/** OpenAI `usage` object with the gateway's `cost` (exact USD decimal string). */
export interface OpenAIUsageBody {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number };
  completion_tokens_details: { reasoning_tokens: number };
  cost: string;
}

/** Encode IR usage as OpenAI's `usage`, adding `cost`. */
export function encodeOpenAIUsage(usage: IrUsage, cost: string): OpenAIUsageBody {
  return {
    prompt_tokens: usage.input.total,
    completion_tokens: usage.output.total,
    total_tokens: usage.input.total + usage.output.total,
    prompt_tokens_details: { cached_tokens: usage.input.cacheRead },
    completion_tokens_details: { reasoning_tokens: usage.output.reasoning },
    cost,
  };
}
