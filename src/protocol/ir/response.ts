import type { IrFinishReason } from './finish-reason.js';
import type { IrReasoningPart, IrTextPart, IrToolCallPart } from './request.js';
import type { IrUsage } from './usage.js';

/** One generated choice. */
export interface IrChoice {
  readonly index: number;
  /** Generated parts in order: reasoning, text, tool calls. */
  readonly content: readonly (IrTextPart | IrToolCallPart | IrReasoningPart)[];
  readonly finishReason: IrFinishReason;
  /** The upstream's own finish value (`end_turn`, `tool_calls` ...). */
  readonly rawFinishReason: string | null;
  /** The stop sequence that ended generation, when the upstream reports it. */
  readonly stopSequence?: string | null;
}

/** A complete chat response. */
export interface IrChatResponse {
  /** Upstream response id (informational). */
  readonly id: string;
  /** Upstream model name as reported. */
  readonly model: string;
  readonly choices: readonly IrChoice[];
  /** Null when the upstream reported none. */
  readonly usage: IrUsage | null;
}

/** A complete embeddings response. */
export interface IrEmbeddingResponse {
  /** One vector per input, in input order. */
  readonly vectors: readonly Float32Array[];
  readonly usage: IrUsage | null;
}

/** One legacy completion choice. */
export interface IrCompletionChoice {
  readonly index: number;
  readonly text: string;
  readonly finishReason: IrFinishReason;
  readonly rawFinishReason: string | null;
}

/** A complete legacy completion response. */
export interface IrCompletionResponse {
  readonly id: string;
  readonly model: string;
  readonly choices: readonly IrCompletionChoice[];
  readonly usage: IrUsage | null;
}

/** One rerank result. */
export interface IrRerankResult {
  /** Position of the document in the request. */
  readonly index: number;
  readonly relevanceScore: number;
}

/** A rerank response, results sorted by score descending. */
export interface IrRerankResponse {
  readonly results: readonly IrRerankResult[];
  /** Billable search units (one per query of up to 100 documents, Cohere's rule). */
  readonly searchUnits: number;
  readonly usage: IrUsage | null;
}
