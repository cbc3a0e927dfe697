import { createUsage, type IrUsage } from '../../protocol/ir/index.js';
import type { AnthropicUsage } from './api.js';

/**
 * Normalise Anthropic usage. `input_tokens` excludes cache reads and writes (wire-formats §5.3), so
 * the IR input total adds them back. Thinking tokens are not reported apart, so `reasoning` is 0.
 */
export function convertUsage(usage: AnthropicUsage): IrUsage {
  const cacheRead = usage.cache_read_input_tokens ?? 0;
  const cacheWrite = usage.cache_creation_input_tokens ?? 0;
  const input = (usage.input_tokens ?? 0) + cacheRead + cacheWrite;
  return createUsage(input, usage.output_tokens ?? 0, { cacheRead, cacheWrite });
}
