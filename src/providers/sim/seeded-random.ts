import { createHash } from 'node:crypto';

/** A part of a seed: anything with a stable text form. */
export type SeedPart = string | number | boolean | null | undefined;

/** SHA-256 (hex) of the parts, separated by NUL so `["ab","c"]` and `["a","bc"]` differ. */
export function hashParts(parts: readonly SeedPart[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${String(part)}\u0000`);
  return hash.digest('hex');
}

/**
 * A deterministic PRNG returning floats in [0, 1), seeded from a SHA-256 of the parts. It is sfc32,
 * chosen because it is tiny, fast and passes PractRand for the small amounts we draw.
 */
export function createSeededRandom(parts: readonly SeedPart[]): () => number {
  const hex = hashParts(parts);
  let a = Number.parseInt(hex.slice(0, 8), 16) >>> 0;
  let b = Number.parseInt(hex.slice(8, 16), 16) >>> 0;
  let c = Number.parseInt(hex.slice(16, 24), 16) >>> 0;
  let d = Number.parseInt(hex.slice(24, 32), 16) >>> 0;
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}

/** An integer in [min, max] drawn from `random`. */
export function pickInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
