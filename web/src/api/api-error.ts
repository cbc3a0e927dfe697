/** The console API's error envelope (docs/console-api.md). */
interface ErrorEnvelope {
  readonly error: { readonly code: string; readonly message: string; readonly param: string | null; readonly request_id: string };
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string' && typeof (error as { code?: unknown }).code === 'string';
}

/** A refused or failed API call, carrying the envelope's words so pages can show them as they are. */
export class ApiError extends Error {
  /** HTTP status; 0 when the gateway could not be reached. */
  readonly status: number;
  /** Stable code from docs/errors.md (`invalid_credentials`, `forbidden` ...), or `network_error` / `http_error`. */
  readonly code: string;
  /** The field at fault (`password`, `query.limit`), or null. */
  readonly param: string | null;
  /** `req_...` id of the failed call, to quote in a bug report. */
  readonly requestId: string | null;
  /** Seconds to wait before retrying (`retry-after`), when the API said. */
  readonly retryAfterSeconds: number | null;

  constructor(init: { status: number; code: string; message: string; param?: string | null; requestId?: string | null; retryAfterSeconds?: number | null }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.param = init.param ?? null;
    this.requestId = init.requestId ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** Build the error of an answer that was not a success, from its body (parsed JSON or text). */
  static fromResponse(response: Response, body: unknown): ApiError {
    const retry = Number(response.headers.get('retry-after'));
    const retryAfterSeconds = Number.isFinite(retry) && retry > 0 ? retry : null;
    const requestId = response.headers.get('x-request-id');
    if (isEnvelope(body)) {
      const { code, message, param, request_id } = body.error;
      return new ApiError({ status: response.status, code, message, param, requestId: request_id || requestId, retryAfterSeconds });
    }
    const statusText = response.statusText ? ` ${response.statusText}` : '';
    return new ApiError({ status: response.status, code: 'http_error', message: `The gateway answered ${response.status}${statusText}; try again in a moment.`, requestId, retryAfterSeconds });
  }

  /** The error of a call that never got an answer (offline, gateway down). */
  static network(cause: unknown): ApiError {
    const error = new ApiError({ status: 0, code: 'network_error', message: 'Could not reach the gateway. Check your connection and try again.' });
    error.cause = cause;
    return error;
  }
}

/** Whether a value is an {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether an error means the session is gone (expired, signed out elsewhere): the person must sign in again. */
export function isSessionExpired(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.code === 'unauthenticated';
}

/** The words to show for any error a page caught. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}

/** The API's message when it names `param` as the field at fault, to show under that field. */
export function fieldError(error: unknown, param: string): string | null {
  return isApiError(error) && error.param === param ? error.message : null;
}
