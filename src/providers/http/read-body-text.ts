import type { Readable } from 'node:stream';
import { GatewayError } from '../../core/errors.js';

/** Read a body as UTF-8 text, refusing more than `maxBytes` (a misbehaving upstream cannot exhaust memory). */
export async function readBodyText(body: Readable, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > maxBytes) {
      body.destroy();
      throw new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream response exceeded ${maxBytes} bytes`);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
