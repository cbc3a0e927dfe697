import type { IrFinishReason } from '../ir/index.js';

/** IR finish reason -> OpenAI `finish_reason` (`error` is the gateway's own, for failed streams). */
export function mapFinishReasonToOpenAI(reason: IrFinishReason): string {
  switch (reason) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool-calls':
      return 'tool_calls';
    case 'content-filter':
      return 'content_filter';
    case 'error':
      return 'error';
    case 'other':
      return 'stop';
  }
}
