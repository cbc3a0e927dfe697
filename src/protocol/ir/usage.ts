/** Token usage normalised across upstreams (vercel/ai's shape). Counts are 0 when unknown. */
export interface IrUsage {
  /** Prompt tokens. */
  readonly input: {
    /** All prompt tokens, cached or not. */
    readonly total: number;
    /** Prompt tokens read from the provider's prompt cache (priced as cached input). */
    readonly cacheRead: number;
    /** Prompt tokens written to the provider's prompt cache. */
    readonly cacheWrite: number;
  };
  /** Generated tokens. */
  readonly output: {
    /** All generated tokens, reasoning included. */
    readonly total: number;
    /** Of which reasoning ("thinking") tokens. */
    readonly reasoning: number;
  };
  /** Where the counts come from: the upstream's report, or our tokenizer's estimate. */
  readonly source: 'reported' | 'estimated';
}

/** Build a usage record from plain counts. */
export function createUsage(
  input: number,
  output: number,
  extra: { cacheRead?: number; cacheWrite?: number; reasoning?: number; source?: IrUsage['source'] } = {},
): IrUsage {
  return {
    input: { total: input, cacheRead: extra.cacheRead ?? 0, cacheWrite: extra.cacheWrite ?? 0 },
    output: { total: output, reasoning: extra.reasoning ?? 0 },
    source: extra.source ?? 'reported',
  };
}
