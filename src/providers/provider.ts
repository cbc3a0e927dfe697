import type { ProviderType } from '../config/catalogue-types.js';
import type { UpstreamBody } from './upstream-body.js';
import type {
  IrChatRequest,
  IrChatResponse,
  IrCompletionRequest,
  IrCompletionResponse,
  IrEmbeddingRequest,
  IrEmbeddingResponse,
  IrRerankRequest,
  IrRerankResponse,
  IrStreamEvent,
} from '../protocol/ir/index.js';

/** Upstream dialects a provider can be configured as. */
export type { ProviderType };

/** Client wire formats a provider can take unchanged (the passthrough fast path). */
export type WireFormat = 'openai-chat' | 'openai-completions' | 'openai-embeddings' | 'anthropic-messages';

/**
 * The part of an AbortSignal that providers read. An AbortSignal satisfies it; the gateway passes a
 * lighter object per request (`RequestSignal`), since creating an AbortSignal costs 5-10 µs on Node 20.
 */
export interface CallSignal {
  readonly aborted: boolean;
  /** Why it was aborted; undefined until then. */
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
  /** Told how long a call waited for a free upstream connection (`maxConnections`), for the request log. */
  noteUpstreamWait?(ms: number): void;
}

/** Per-call context handed to every provider method. */
export interface ProviderCallContext {
  /** The gateway request id, sent upstream as `x-request-id` for correlation. */
  readonly requestId: string;
  /** Aborted when the client disconnects or the gateway gives up; cancels the upstream call. */
  readonly signal: CallSignal;
  /** Extra headers for the upstream request: trace context (`traceparent`, `tracestate`) when tracing is on. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A raw request for the passthrough path: the client's body, already rewritten by the gateway. */
export interface RawForwardRequest {
  /** The wire format of `body`; selects the upstream path (`/chat/completions` ...). */
  readonly format: WireFormat;
  /** Serialized JSON body. */
  readonly body: string;
  /** Whether the body asks for a stream (decides how the response is read). */
  readonly stream: boolean;
}

/** The upstream's raw answer to a passthrough request; only 2xx answers are returned. */
export interface RawForwardResponse {
  /** Upstream HTTP status (2xx). */
  readonly status: number;
  /** Upstream content type. */
  readonly contentType: string;
  /** Response body read as it arrives, which the caller must read, discard or destroy. Set for streaming requests. */
  readonly body?: UpstreamBody;
  /**
   * The whole response body, when the provider already read it (non-streaming requests). Either
   * `text` or `body` is set; `forwardedText`/`forwardedStream` in providers/http read either.
   */
  readonly text?: string;
}

/**
 * An upstream. Methods that the upstream cannot serve are absent; the gateway answers those requests
 * with a 400 before calling anything. Every method rejects with a `GatewayError` (code
 * `GW_UPSTREAM_*`) when the upstream fails before its first byte; after that, streams end with an
 * `error` event instead of throwing.
 */
export interface Provider {
  /** Catalogue id of this provider. */
  readonly id: string;
  /** Dialect the upstream speaks. */
  readonly type: ProviderType;
  /** Client formats this provider forwards unchanged. */
  readonly passthrough: ReadonlySet<WireFormat>;
  /** Non-streaming chat. */
  chat?(request: IrChatRequest, context: ProviderCallContext): Promise<IrChatResponse>;
  /** Streaming chat; resolves once the upstream has accepted the request. */
  streamChat?(request: IrChatRequest, context: ProviderCallContext): Promise<AsyncIterable<IrStreamEvent>>;
  /** Legacy completion, non-streaming. */
  complete?(request: IrCompletionRequest, context: ProviderCallContext): Promise<IrCompletionResponse>;
  /** Legacy completion, streaming (text deltas per choice). */
  streamComplete?(request: IrCompletionRequest, context: ProviderCallContext): Promise<AsyncIterable<IrStreamEvent>>;
  /** Embeddings. */
  embed?(request: IrEmbeddingRequest, context: ProviderCallContext): Promise<IrEmbeddingResponse>;
  /** Rerank. */
  rerank?(request: IrRerankRequest, context: ProviderCallContext): Promise<IrRerankResponse>;
  /** Forward a body of a format in `passthrough` unchanged. */
  forward?(request: RawForwardRequest, context: ProviderCallContext): Promise<RawForwardResponse>;
  /** Release pooled connections. */
  close(): Promise<void>;
}
