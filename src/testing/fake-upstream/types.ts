import type { IncomingHttpHeaders } from 'node:http';

/**
 * How the fake upstream (mis)behaves. Applies to every route of the fake, to each request received
 * after `setBehaviour`, until changed (or for `times` requests, then back to `ok`).
 */
export type FakeBehaviour =
  /** Answer normally. */
  | { readonly kind: 'ok' }
  /** Answer with this status and the dialect's error envelope (or `body` verbatim). */
  | { readonly kind: 'status'; readonly status: number; readonly retryAfter?: string; readonly body?: unknown }
  /** Wait `delayMs` before sending the response headers (time-to-first-byte timeouts). */
  | { readonly kind: 'slow-headers'; readonly delayMs: number }
  /** Wait `delayMs` before each body chunk (idle timeouts; JSON bodies are one chunk). */
  | { readonly kind: 'slow-chunks'; readonly delayMs: number }
  /** Destroy the socket without answering. */
  | { readonly kind: 'reset-before-headers' }
  /** Send headers and the first chunk (half of a JSON body), then destroy the socket. */
  | { readonly kind: 'reset-after-first-chunk' }
  /** Send headers and the first chunk, then go silent until the client gives up or the fake closes. */
  | { readonly kind: 'stall-after-first-chunk' }
  /** End a stream cleanly but without its terminal frame (`[DONE]`, `message_stop`). */
  | { readonly kind: 'truncate-stream' }
  /** After the first stream frame, send the dialect's in-stream error (Anthropic `event: error`). */
  | { readonly kind: 'stream-error'; readonly errorType?: string; readonly message?: string }
  /**
   * Status 200, but an error instead of the answer: a stream's first frame is the dialect's
   * in-stream error, a JSON body is the dialect's error envelope (of a 500).
   */
  | { readonly kind: 'error-first'; readonly errorType?: string; readonly message?: string }
  /** Omit usage everywhere (OpenAI: no `usage`, no usage chunk; Anthropic: no `usage` objects). */
  | { readonly kind: 'no-usage' };

/** A tool call the fake model makes. */
export interface FakeToolCall {
  readonly name: string;
  /** Arguments as a JSON string (OpenAI style) or an object (Anthropic style); both dialects accept both. */
  readonly arguments: string | Readonly<Record<string, unknown>>;
  /** Call id; generated (`call_<n>` / `toolu_<n>`) when absent. */
  readonly id?: string;
}

/** Explicit token counts; otherwise counts are words of the request and of the reply. */
export interface FakeUsage {
  /** Uncached prompt tokens (Anthropic `input_tokens`); OpenAI `prompt_tokens` adds the cache counts. */
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Prompt tokens read from cache (Anthropic `cache_read_input_tokens`, OpenAI `cached_tokens`). */
  readonly cacheReadTokens?: number;
  /** Prompt tokens written to cache (Anthropic `cache_creation_input_tokens`, OpenAI `cache_write_tokens`). */
  readonly cacheWriteTokens?: number;
  /** OpenAI `completion_tokens_details.reasoning_tokens`. */
  readonly reasoningTokens?: number;
}

/** What the fake model "says". */
export interface FakeReply {
  /** Reply text; default `"Hello from the fake upstream."` (empty string when only tool calls are set). */
  readonly text?: string;
  readonly toolCalls?: readonly FakeToolCall[];
  /** Anthropic thinking text, sent only when the request enables `thinking`. */
  readonly reasoning?: string;
  /** The dialect's raw finish value; default derived (`stop`/`tool_calls`, `end_turn`/`tool_use`). */
  readonly finishReason?: string;
  readonly usage?: FakeUsage;
}

/** One request the fake received. */
export interface RecordedRequest {
  readonly method: string;
  /** Path including the query string. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** Parsed JSON body; undefined for bodyless requests, the raw text when it is not JSON. */
  readonly body: unknown;
}

/** Options of the fake upstream constructors. */
export interface FakeUpstreamOptions {
  /** When set, requests must carry this key (`Authorization: Bearer`, or `x-api-key` for Anthropic) or get a 401. */
  readonly apiKey?: string;
}

/** A running fake upstream. */
export interface FakeUpstream {
  /** SDK base URL: `http://127.0.0.1:PORT/v1` (OpenAI) or `http://127.0.0.1:PORT` (Anthropic). */
  readonly url: string;
  /** Every request received, in order (also those answered with a misbehaviour). */
  readonly requests: RecordedRequest[];
  /** Change the behaviour for the next requests (all of them, or the next `times` ones). */
  setBehaviour(behaviour: FakeBehaviour, options?: { readonly times?: number }): void;
  /** Change what the model says. */
  setReply(reply: FakeReply): void;
  /** Back to `ok`, the default reply, and no recorded requests. */
  reset(): void;
  /** Stop listening and destroy open connections. */
  close(): Promise<void>;
}
