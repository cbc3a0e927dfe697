import { GatewayError } from '../../core/errors.js';
import { createUsage } from '../../protocol/ir/index.js';
import type { IrEmbeddingRequest, IrEmbeddingResponse } from '../../protocol/ir/index.js';
import { createSeededRandom } from './seeded-random.js';

/** Vector length when a request sets no `dimensions` (text-embedding-3-small's). */
export const DEFAULT_DIMENSIONS = 1536;
/** Longest vector the simulator makes; larger requests are refused like an upstream would. */
export const MAX_DIMENSIONS = 16_384;

/**
 * Deterministic unit-length vectors: each input seeds a PRNG from the SHA-256 of its text (or of its
 * token ids), so equal inputs give equal vectors and different inputs unrelated ones. `inputTokens`
 * from `countEmbeddingInputTokens`.
 */
export function simulateEmbeddings(request: IrEmbeddingRequest, providerId: string, inputTokens: number): IrEmbeddingResponse {
  const dimensions = resolveDimensions(request.dimensions, providerId);
  const vectors: Float32Array[] = [];
  for (const item of request.input ?? []) {
    if (typeof item === 'string') {
      vectors.push(createVector(['text', item], dimensions));
    } else {
      vectors.push(createVector(['tokens', item.join(',')], dimensions));
    }
  }
  return { vectors, usage: createUsage(inputTokens, 0) };
}

function resolveDimensions(requested: number | undefined, providerId: string): number {
  if (requested === undefined) return DEFAULT_DIMENSIONS;
  if (!Number.isInteger(requested) || requested < 1 || requested > MAX_DIMENSIONS) {
    throw new GatewayError('GW_UPSTREAM_BAD_REQUEST', `The upstream ${providerId} supports dimensions from 1 to ${MAX_DIMENSIONS}.`, {
      param: 'dimensions',
    });
  }
  return requested;
}

/** A vector of uniform values in [-1, 1), scaled to length 1. */
function createVector(seed: readonly string[], dimensions: number): Float32Array {
  const random = createSeededRandom(seed);
  const values = new Float64Array(dimensions);
  let norm = 0;
  for (let i = 0; i < dimensions; i++) {
    const value = random() * 2 - 1;
    values[i] = value;
    norm += value * value;
  }
  // A zero vector is astronomically unlikely but would divide by zero; give it a fixed direction.
  if (norm === 0) {
    values[0] = 1;
    norm = 1;
  }
  const scale = 1 / Math.sqrt(norm);
  return Float32Array.from(values, (value) => value * scale);
}
