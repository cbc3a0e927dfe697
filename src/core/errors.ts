import { ERROR_CODES, type ErrorCode, type ErrorKind } from './error-codes.js';

/** Options for a {@link GatewayError}. */
export interface GatewayErrorOptions {
  /** The request field at fault, as a path (`messages[2].content`), or null. */
  param?: string | null;
  /** Seconds the client should wait before retrying; sent as `retry-after`. */
  retryAfterSeconds?: number;
  /** Override the HTTP status of the code (used to relay an upstream status faithfully). */
  status?: number;
  /** The underlying cause, logged, never sent to the client. */
  cause?: unknown;
}

/** The one error type of the gateway: a stable code, an HTTP status and a message safe to show. */
export class GatewayError extends Error {
  /** Stable internal code, e.g. `GW_MODEL_NOT_FOUND`. */
  readonly code: ErrorCode;
  /** HTTP status sent to the client. */
  readonly status: number;
  /** Wire `code` of the envelope. */
  readonly wireCode: string;
  /** Broad class, mapped to the protocol's `type`. */
  readonly kind: ErrorKind;
  /** Whether retrying unchanged may succeed. */
  readonly retryable: boolean;
  /** The request field at fault, or null. */
  readonly param: string | null;
  /** Seconds before a retry makes sense, if known. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: GatewayErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const info = ERROR_CODES[code];
    this.name = 'GatewayError';
    this.code = code;
    this.status = options.status ?? info.status;
    this.wireCode = info.wire;
    this.kind = info.kind;
    this.retryable = info.retryable;
    this.param = options.param ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Narrow an unknown thrown value to a GatewayError. */
export function isGatewayError(value: unknown): value is GatewayError {
  return value instanceof GatewayError;
}
