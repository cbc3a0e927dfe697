/** A text part of a message. */
export interface IrTextPart {
  readonly type: 'text';
  readonly text: string;
}

/** An image given by URL (http(s) or a `data:` URI). */
export interface IrImagePart {
  readonly type: 'image';
  /** http(s) URL or `data:<media type>;base64,<data>`. */
  readonly url: string;
  /** OpenAI detail hint, passed on where the upstream has one. */
  readonly detail?: 'auto' | 'low' | 'high';
}

/** A tool call made by the assistant. */
export interface IrToolCallPart {
  readonly type: 'tool-call';
  /** Call id, echoed by the matching tool result. */
  readonly id: string;
  /** Function name. */
  readonly name: string;
  /** Arguments as JSON text (OpenAI keeps them a string; Anthropic's object is serialised). */
  readonly arguments: string;
}

/** Model reasoning ("thinking") carried in history. */
export interface IrReasoningPart {
  readonly type: 'reasoning';
  /** Reasoning text. */
  readonly text: string;
  /** Opaque signature some upstreams require echoed back. */
  readonly signature?: string;
}

/** A message of the conversation. `system` covers OpenAI's system and developer roles. */
export type IrMessage =
  | { readonly role: 'system'; readonly content: readonly IrTextPart[] }
  | { readonly role: 'user'; readonly content: readonly (IrTextPart | IrImagePart)[] }
  | { readonly role: 'assistant'; readonly content: readonly (IrTextPart | IrToolCallPart | IrReasoningPart)[] }
  | {
      readonly role: 'tool';
      /** Id of the tool call this answers. */
      readonly toolCallId: string;
      readonly content: readonly (IrTextPart | IrImagePart)[];
      /** True when the tool reported a failure. */
      readonly isError?: boolean;
    };

/** A function the model may call. */
export interface IrTool {
  readonly name: string;
  readonly description?: string;
  /** JSON Schema of the arguments object. */
  readonly parameters: Record<string, unknown>;
  /** Ask the upstream for strict schema adherence where supported. */
  readonly strict?: boolean;
}

/** How the model may use tools. */
export type IrToolChoice =
  | { readonly type: 'auto' | 'none' | 'required' }
  | { readonly type: 'tool'; readonly name: string };

/** Output format constraint. */
export type IrResponseFormat =
  | { readonly type: 'text' }
  | { readonly type: 'json_object' }
  | {
      readonly type: 'json_schema';
      readonly name: string;
      readonly schema: Record<string, unknown>;
      readonly strict?: boolean;
      readonly description?: string;
    };

/** Reasoning effort levels understood across dialects. */
export type IrReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high';

/** A chat request in the gateway's canonical form. */
export interface IrChatRequest {
  /** The model name the upstream expects (already resolved from the catalogue). */
  readonly model: string;
  readonly messages: readonly IrMessage[];
  readonly tools?: readonly IrTool[];
  readonly toolChoice?: IrToolChoice;
  readonly parallelToolCalls?: boolean;
  readonly responseFormat?: IrResponseFormat;
  /** Upper bound on generated tokens, reasoning included. */
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
  readonly topP?: number;
  readonly topK?: number;
  readonly stop?: readonly string[];
  readonly seed?: number;
  /** Number of choices (OpenAI `n`). */
  readonly n?: number;
  readonly presencePenalty?: number;
  readonly frequencyPenalty?: number;
  /** Reasoning controls; effort or an explicit token budget. */
  readonly reasoning?: { readonly effort?: IrReasoningEffort; readonly budgetTokens?: number };
  /** End-user id for upstream abuse tracking. */
  readonly user?: string;
  /** Fields this IR has no slot for, kept for upstreams of the same dialect (e.g. `logit_bias`). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** An embeddings request. */
export interface IrEmbeddingRequest {
  readonly model: string;
  /** Texts, or token-id arrays. */
  readonly input: readonly string[] | readonly (readonly number[])[];
  /** Requested vector length, where the model allows it. */
  readonly dimensions?: number;
  readonly user?: string;
}

/** A legacy (raw prompt, no chat template) completion request. */
export interface IrCompletionRequest {
  readonly model: string;
  /** One or more prompts; each yields `n` choices. */
  readonly prompt: readonly string[];
  /** Text after the insertion point (fill-in-the-middle). */
  readonly suffix?: string;
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
  readonly topP?: number;
  readonly stop?: readonly string[];
  readonly seed?: number;
  readonly n?: number;
  /** Prepend the prompt to the output. */
  readonly echo?: boolean;
  readonly presencePenalty?: number;
  readonly frequencyPenalty?: number;
  readonly user?: string;
}

/** A rerank request. */
export interface IrRerankRequest {
  readonly model: string;
  readonly query: string;
  /** Document texts, in input order. */
  readonly documents: readonly string[];
  /** Return at most this many results. */
  readonly topN?: number;
}
