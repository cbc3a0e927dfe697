import type { IrUsage } from '../ir/index.js';

/** Responses `usage` (`ResponseUsage` of OpenAI's OpenAPI 2.3.0) with the gateway's `cost` (exact USD decimal string). */
export interface ResponsesUsageBody {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number; cache_write_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
  cost: string;
}

/** Encode IR usage as the Responses `usage`, adding `cost`. */
export function encodeResponsesUsage(usage: IrUsage, cost: string): ResponsesUsageBody {
  return {
    input_tokens: usage.input.total,
    input_tokens_details: { cached_tokens: usage.input.cacheRead, cache_write_tokens: usage.input.cacheWrite },
    output_tokens: usage.output.total,
    output_tokens_details: { reasoning_tokens: usage.output.reasoning },
    total_tokens: usage.input.total + usage.output.total,
    cost,
  };
}
