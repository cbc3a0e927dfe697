import createClient, { type Middleware } from 'openapi-fetch';
import { ApiError } from './api-error';
import type { paths } from './schema.gen';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Writes made with the session cookie must say they come from script (the API's CSRF rule). */
const csrfHeader: Middleware = {
  onRequest({ request }) {
    if (WRITES.has(request.method)) request.headers.set('X-Requested-With', 'XMLHttpRequest');
    return request;
  },
};

/**
 * The typed client of the gateway's API (paths and bodies from /openapi.json). Always pass the
 * call to {@link unwrap}: `const me = await unwrap(api.GET('/api/me'))`.
 */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
api.use(csrfHeader);

/** What every call of {@link api} resolves to. */
interface CallResult<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

/** The answer's body on success; otherwise an {@link ApiError} carrying the envelope's message. */
export async function unwrap<T>(call: Promise<CallResult<T>>): Promise<[T] extends [never] ? undefined : T> {
  let result: CallResult<T>;
  try {
    result = await call;
  } catch (cause) {
    throw ApiError.network(cause);
  }
  if (!result.response.ok) throw ApiError.fromResponse(result.response, result.error);
  return result.data as [T] extends [never] ? undefined : T;
}
