import type { IrUsage } from '../ir/index.js';

/**
 * Anthropic's `usage` as the Messages API sends it (`Usage` in @anthropic-ai/sdk 1.12.0, where every
 * field is declared non-optional), with the values the API sends when nothing applies, plus the
 * gateway's `cost` (exact USD decimal string).
 */
export interface MessagesUsageBody {
  /** Uncached prompt tokens (Anthropic's `input_tokens` excludes cache reads and writes). */
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  /** Cache writes by lifetime; the gateway does not know the split, so all count as 5-minute writes. */
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
  /** Server tools (web search, fetch) never run through the gateway's translation. */
  server_tool_use: null;
  service_tier: 'standard';
  output_tokens_details: { thinking_tokens: number };
  inference_geo: null;
  speed: null;
  cost: string;
}

/** Anthropic's `message_delta.usage` (`MessageDeltaUsage`): cumulative counts, plus `cost`. */
export interface MessagesDeltaUsageBody {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens_details: { thinking_tokens: number };
  server_tool_use: null;
  cost: string;
}

/** Split IR input into Anthropic's three disjoint counts. */
function inputCounts(usage: IrUsage): { input: number; cacheRead: number; cacheWrite: number } {
  const cacheRead = Math.min(usage.input.cacheRead, usage.input.total);
  const cacheWrite = Math.min(usage.input.cacheWrite, usage.input.total - cacheRead);
  return { input: usage.input.total - cacheRead - cacheWrite, cacheRead, cacheWrite };
}

/** Encode IR usage as Anthropic's `usage`, adding `cost`. */
export function encodeMessagesUsage(usage: IrUsage, cost: string): MessagesUsageBody {
  const { input, cacheRead, cacheWrite } = inputCounts(usage);
  return {
    input_tokens: input,
    output_tokens: usage.output.total,
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
    cache_creation: { ephemeral_5m_input_tokens: cacheWrite, ephemeral_1h_input_tokens: 0 },
    server_tool_use: null,
    service_tier: 'standard',
    output_tokens_details: { thinking_tokens: usage.output.reasoning },
    inference_geo: null,
    speed: null,
    cost,
  };
}

/** Encode IR usage as `message_delta.usage`, adding `cost`. */
export function encodeMessagesDeltaUsage(usage: IrUsage, cost: string): MessagesDeltaUsageBody {
  const { input, cacheRead, cacheWrite } = inputCounts(usage);
  return {
    input_tokens: input,
    output_tokens: usage.output.total,
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
    output_tokens_details: { thinking_tokens: usage.output.reasoning },
    server_tool_use: null,
    cost,
  };
}

/** The `usage` of `message_start`: the prompt's tokens, nothing generated yet (no `cost` until the end). */
export function encodeStartUsage(inputTokens: number): Omit<MessagesUsageBody, 'cost'> {
  return {
    input_tokens: inputTokens,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    server_tool_use: null,
    service_tier: 'standard',
    output_tokens_details: { thinking_tokens: 0 },
    inference_geo: null,
    speed: null,
  };
}
