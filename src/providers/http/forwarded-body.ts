import type { Readable } from 'node:stream';
import { GatewayError } from '../../core/errors.js';
import type { RawForwardResponse } from '../provider.js';
import { readBodyText } from './read-body-text.js';

/** The whole body of a forwarded answer: the provider's `text`, or its stream read up to `maxBytes`. */
export function forwardedText(res: RawForwardResponse, maxBytes: number): Promise<string> {
  if (res.text !== undefined) return Promise.resolve(res.text);
  if (res.body === undefined) return Promise.reject(new GatewayError('GW_INTERNAL', 'The provider returned no response body'));
  return readBodyText(res.body, maxBytes);
}

/** The body stream of a forwarded streaming answer. */
export function forwardedStream(res: RawForwardResponse): Readable {
  if (res.body === undefined) throw new GatewayError('GW_INTERNAL', 'The provider returned a streaming answer without a body stream');
  return res.body;
}
