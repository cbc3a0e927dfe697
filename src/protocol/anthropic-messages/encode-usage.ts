import type { IrUsage } from '../ir/index.js';

/** Anthropic `usage` with the gateway's `cost` (exact USD decimal string). */
export interface MessagesUsageBody {
  /** Uncached prompt tokens (Anthropic's `input_tokens` excludes cache reads and writes). */
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  cost: string;
}

/** Encode IR usage as Anthropic's `usage`, adding `cost`. */
export function encodeMessagesUsage(usage: IrUsage, cost: string): MessagesUsageBody {
  const cacheRead = Math.min(usage.input.cacheRead, usage.input.total);
  const cacheWrite = Math.min(usage.input.cacheWrite, usage.input.total - cacheRead);
  return {
    input_tokens: usage.input.total - cacheRead - cacheWrite,
    output_tokens: usage.output.total,
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
    cost,
  };
}
