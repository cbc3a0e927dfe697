import type { IrFinishReason } from '../ir/index.js';

/** IR finish reason → Anthropic `stop_reason` (data, not branches). */
const STOP_REASONS: Readonly<Record<IrFinishReason, string>> = {
  stop: 'end_turn',
  length: 'max_tokens',
  'tool-calls': 'tool_use',
  'content-filter': 'refusal',
  error: 'end_turn',
  other: 'end_turn',
};

/** Raw Anthropic values passed through unchanged when an Anthropic-speaking upstream reported them. */
const NATIVE = new Set(['end_turn', 'max_tokens', 'stop_sequence', 'tool_use', 'pause_turn', 'refusal', 'model_context_window_exceeded']);

/** The `stop_reason` to send: a matched stop sequence is `stop_sequence`, a native raw value is kept. */
export function mapStopReason(reason: IrFinishReason, raw: string | null, stopSequence: string | null | undefined): string {
  if (stopSequence) return 'stop_sequence';
  if (raw !== null && NATIVE.has(raw)) return raw;
  return STOP_REASONS[reason];
}
