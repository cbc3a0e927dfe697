import { createParser } from 'eventsource-parser';
import { ApiError } from '../../api/api-error';
import { applyChunk, EMPTY_RESULT, fromCompletion, type ChatResult } from './chat-result';

/** Where a playground request went: its `req_` id and the answer. */
export interface SentChat {
  readonly requestId: string | null;
  readonly result: ChatResult;
}

/**
 * Send a chat request through the playground route with the session cookie, and read the answer:
 * JSON, or SSE chunks passed to `onProgress` as they arrive. A refusal (or a 401) throws an
 * {@link ApiError} with the API's words.
 */
export async function sendPlaygroundChat(
  projectId: string,
  body: Record<string, unknown>,
  options: { readonly signal: AbortSignal; readonly onProgress: (sent: SentChat) => void },
): Promise<SentChat> {
  let response: Response;
  try {
    response = await fetch(`/api/projects/${encodeURIComponent(projectId)}/playground/chat/completions`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal.aborted) throw cause;
    throw ApiError.network(cause);
  }
  const requestId = response.headers.get('x-request-id');
  if (!response.ok) throw ApiError.fromResponse(response, await response.json().catch(() => null));
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || response.body === null) {
    return { requestId, result: fromCompletion(await response.json()) };
  }
  let result = EMPTY_RESULT;
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      try {
        result = applyChunk(result, JSON.parse(event.data));
      } catch {
        return;
      }
      options.onProgress({ requestId, result });
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  return { requestId, result };
}
