import type { IrEmbeddingResponse } from '../ir/index.js';

/**
 * Encode embedding vectors as OpenAI's list. `base64` is the raw float32 little-endian bytes, which
 * is what openai-node requests by default and decodes (wire-formats §4.1).
 */
export function encodeEmbeddingsResponse(
  response: IrEmbeddingResponse,
  model: string,
  encoding: 'float' | 'base64',
  usage: { prompt_tokens: number; total_tokens: number; cost: string },
): Record<string, unknown> {
  return {
    object: 'list',
    model,
    data: response.vectors.map((v, index) => ({ object: 'embedding', index, embedding: encodeVector(v, encoding) })),
    usage,
  };
}

function encodeVector(vector: Float32Array, encoding: 'float' | 'base64'): number[] | string {
  if (encoding === 'float') return Array.from(vector);
  const le = new Float32Array(vector);
  const bytes = Buffer.from(le.buffer, le.byteOffset, le.byteLength);
  // Float32Array uses platform byte order; swap on big-endian hosts so the wire stays little-endian.
  if (!IS_LITTLE_ENDIAN) bytes.swap32();
  return bytes.toString('base64');
}

const IS_LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
