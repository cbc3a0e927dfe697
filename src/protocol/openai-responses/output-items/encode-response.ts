import type { IrFinishReason } from '../../ir/index.js';
import type { ResponsesUsageBody } from '../encode-usage.js';

/** Fields of a response object that do not depend on the answer. */
export interface ResponseMeta {
  /** `resp_…` id. */
  readonly id: string;
  /** Unix seconds. */
  readonly createdAt: number;
  /** Model name reported to the client. */
  readonly model: string;
  /** Request fields echoed back (`instructions`, `tools`, `tool_choice`, `store` ...). */
  readonly echo: Readonly<Record<string, unknown>>;
}

/** Terminal state of a response. */
export interface ResponseOutcome {
  readonly status: 'in_progress' | 'completed' | 'incomplete' | 'failed';
  readonly output: readonly Record<string, unknown>[];
  readonly usage: ResponsesUsageBody | null;
  readonly error?: { readonly code: ResponseErrorCode; readonly message: string } | null;
  readonly finishReason?: IrFinishReason;
}

/** Why a response is incomplete, by finish reason (others complete normally). */
const INCOMPLETE: Partial<Record<IrFinishReason, string>> = { length: 'max_output_tokens', 'content-filter': 'content_filter' };

/** The status a finished response gets for a finish reason. */
export function statusFor(reason: IrFinishReason): 'completed' | 'incomplete' {
  return INCOMPLETE[reason] === undefined ? 'completed' : 'incomplete';
}

/** Build a `response` object (wire-formats §6.2); the SDK computes `output_text` from `output`. */
export function encodeResponse(meta: ResponseMeta, outcome: ResponseOutcome): Record<string, unknown> {
  const reason = outcome.finishReason === undefined ? undefined : INCOMPLETE[outcome.finishReason];
  return {
    id: meta.id,
    object: 'response',
    created_at: meta.createdAt,
    status: outcome.status,
    model: meta.model,
    error: outcome.error ?? null,
    incomplete_details: outcome.status === 'incomplete' && reason !== undefined ? { reason } : null,
    instructions: null,
    parallel_tool_calls: true,
    temperature: null,
    top_p: null,
    tool_choice: 'auto',
    tools: [],
    ...meta.echo,
    output: outcome.output,
    // Only a finished response has usage; the official schema has no null here.
    ...(outcome.usage === null ? {} : { usage: outcome.usage }),
  };
}

/** The `error.code` values OpenAI's OpenAPI 2.3.0 allows on a response (`ResponseErrorCode`), as far as a gateway can cause them. */
export type ResponseErrorCode = 'server_error' | 'rate_limit_exceeded' | 'invalid_prompt';
