/** Failure-injection directives found in request text. */
export interface SimTriggers {
  /** Upstream HTTP status to fail with before the first byte (400-599), or null. */
  readonly errorStatus: number | null;
  /** Whether a stream should break after a few deltas. */
  readonly failMidStream: boolean;
  /** Milliseconds to wait before answering (0 = none). */
  readonly slowMs: number;
}

/** Longest `[sim:slow:<ms>]` honoured, so a typo cannot park a request for hours. */
export const MAX_SLOW_MS = 600_000;

// `[sim:<name>]`, `[sim:<name>:<number>]`, optionally `@<provider id>` to target one sim provider
// (lets failover tests fail the primary and not the fallback).
const TRIGGER = /\[sim:([a-z-]+)(?::(\d+))?(?:@([^\]\s]+))?\]/g;

/** Read the `[sim:...]` directives of a text that apply to the provider `providerId`. */
export function parseTriggers(text: string, providerId: string): SimTriggers {
  let errorStatus: number | null = null;
  let failMidStream = false;
  let slowMs = 0;
  for (const match of text.matchAll(TRIGGER)) {
    const [, name, rawNumber, target] = match;
    if (target !== undefined && target !== providerId) continue;
    const value = rawNumber === undefined ? null : Number(rawNumber);
    if (name === 'error' && value !== null && value >= 400 && value <= 599) errorStatus ??= value;
    else if (name === 'fail-mid-stream') failMidStream = true;
    else if (name === 'slow' && value !== null) slowMs = Math.max(slowMs, Math.min(value, MAX_SLOW_MS));
  }
  return { errorStatus, failMidStream, slowMs };
}

/** The text without its `[sim:...]` directives, so replies do not quote them. */
export function stripTriggers(text: string): string {
  return text.replace(TRIGGER, '').replace(/\s{2,}/g, ' ').trim();
}
