import type { IrFinishReason } from '../../protocol/ir/index.js';

/** Anthropic `stop_reason` → unified finish reason (data, not branches: STYLE rule 2). */
const FINISH_REASONS: Readonly<Record<string, IrFinishReason>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  tool_use: 'tool-calls',
  refusal: 'content-filter',
  // pause_turn, model_context_window_exceeded and future values fall through to 'other'.
};

/** Map an Anthropic `stop_reason` to the IR finish reason; unknown and missing values are `other`. */
export function mapFinishReason(stopReason: string | null | undefined): IrFinishReason {
  if (stopReason === null || stopReason === undefined) return 'other';
  return FINISH_REASONS[stopReason] ?? 'other';
}
