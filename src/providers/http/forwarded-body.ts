import { GatewayError } from '../../core/errors.js';
import type { ProviderCallContext, RawForwardRequest, RawForwardResponse } from '../provider.js';
import type { UpstreamBody } from '../upstream-body.js';
import { toReadable } from './body-readable.js';
import { readBodyText } from './read-body-text.js';
import type { UpstreamClient } from './upstream-client.js';

/**
 * A provider's `forward`: post the client's body as it is; a non-streaming answer is read whole
 * (`text`, no body stream), a streaming one is handed over as its stream (`body`).
 */
export async function forwardRaw(client: UpstreamClient, path: string, request: RawForwardRequest, context: ProviderCallContext, maxBytes: number): Promise<RawForwardResponse> {
  const options = { signal: context.signal, requestId: context.requestId, headers: context.headers };
  if (!request.stream) {
    const res = await client.postJsonText(path, request.body, { ...options, maxBytes });
    return { status: res.status, contentType: contentTypeOf(res.headers), text: res.text };
  }
  const res = await client.postJsonStream(path, request.body, options);
  return { status: res.status, contentType: contentTypeOf(res.headers), body: res.body };
}

function contentTypeOf(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  const value = headers['content-type'];
  return typeof value === 'string' ? value : '';
}

/** The whole body of a forwarded answer: the provider's `text`, or its stream read up to `maxBytes`. */
export function forwardedText(res: RawForwardResponse, maxBytes: number): Promise<string> {
  if (res.text !== undefined) return Promise.resolve(res.text);
  if (res.body === undefined) return Promise.reject(new GatewayError('GW_INTERNAL', 'The provider returned no response body'));
  return readBodyText(toReadable(res.body), maxBytes);
}

/** The body stream of a forwarded streaming answer. */
export function forwardedStream(res: RawForwardResponse): UpstreamBody {
  if (res.body === undefined) throw new GatewayError('GW_INTERNAL', 'The provider returned a streaming answer without a body stream');
  return res.body;
}
