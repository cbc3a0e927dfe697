import type { IrFinishReason } from '../../protocol/ir/index.js';

/** OpenAI `finish_reason` → unified finish reason (data, not branches). */
const FINISH_REASONS: Readonly<Record<string, IrFinishReason>> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  content_filter: 'content-filter',
};

/** Map an OpenAI `finish_reason`; unknown and missing values are `other`. */
export function mapFinishReason(reason: string | null | undefined): IrFinishReason {
  if (reason === null || reason === undefined) return 'other';
  return FINISH_REASONS[reason] ?? 'other';
}
