import type { GatewayError } from '../../core/errors.js';
import type { IrFinishReason } from './finish-reason.js';
import type { IrUsage } from './usage.js';

/**
 * Events of a streamed chat or completion, in order: `stream-start`, then per choice any mix of
 * deltas, then `finish` per choice, then at most one `usage`; `error` may end the stream anywhere.
 * Tool calls: `tool-call-start` once per call, `tool-call-delta` with argument text, `tool-call-end`.
 */
export type IrStreamEvent =
  | {
      readonly type: 'stream-start';
      /** Upstream response id. */
      readonly id: string;
      /** Upstream model name. */
      readonly model: string;
      /** Things the adapter could not honour, reported to the client. */
      readonly warnings: readonly string[];
      /**
       * Prompt tokens (cache reads and writes included), when the upstream reports them before any
       * output (Anthropic's `message_start`, the sim); the Messages encoder puts them in its own
       * `message_start`, which clients read the prompt count from.
       */
      readonly inputTokens?: number;
    }
  | { readonly type: 'text-delta'; readonly choice: number; readonly delta: string }
  | {
      readonly type: 'reasoning-delta';
      readonly choice: number;
      readonly delta: string;
      /** Signature that closes a reasoning block, where the upstream sends one. */
      readonly signature?: string;
    }
  | {
      readonly type: 'tool-call-start';
      readonly choice: number;
      /** Position of the call among this choice's tool calls, from 0. */
      readonly index: number;
      readonly id: string;
      readonly name: string;
    }
  | { readonly type: 'tool-call-delta'; readonly choice: number; readonly index: number; readonly argumentsDelta: string }
  | { readonly type: 'tool-call-end'; readonly choice: number; readonly index: number }
  | {
      readonly type: 'finish';
      readonly choice: number;
      readonly finishReason: IrFinishReason;
      readonly rawFinishReason: string | null;
      readonly stopSequence?: string | null;
    }
  | { readonly type: 'usage'; readonly usage: IrUsage }
  | { readonly type: 'error'; readonly error: GatewayError };
