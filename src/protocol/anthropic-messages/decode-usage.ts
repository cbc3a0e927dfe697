import { isJsonObject } from '../../core/json.js';
import { createUsage, type IrUsage } from '../ir/index.js';

/** Fields of an Anthropic `usage` object, as far as they are numbers. */
export interface AnthropicUsageCounts {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

/** Read the numeric counts of an Anthropic `usage` object (null when it is not an object). */
export function readUsageCounts(value: unknown): AnthropicUsageCounts | null {
  if (!isJsonObject(value)) return null;
  const out: AnthropicUsageCounts = {};
  for (const key of ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens'] as const) {
    const v = value[key];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[key] = Math.floor(v);
  }
  return out;
}

/** Anthropic counts → IR usage: the IR input total adds cache reads and writes back (wire-formats §5.3). */
export function decodeMessagesUsage(counts: AnthropicUsageCounts): IrUsage {
  const cacheRead = counts.cache_read_input_tokens ?? 0;
  const cacheWrite = counts.cache_creation_input_tokens ?? 0;
  return createUsage((counts.input_tokens ?? 0) + cacheRead + cacheWrite, counts.output_tokens ?? 0, { cacheRead, cacheWrite });
}
