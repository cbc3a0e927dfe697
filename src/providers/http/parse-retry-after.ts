/**
 * Seconds to wait before retrying, from `retry-after-ms` (float ms) or `retry-after` (seconds or an
 * HTTP-date), the order openai-node reads them in. Undefined when absent or unparseable.
 */
export function parseRetryAfter(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  nowMs: number = Date.now(),
): number | undefined {
  const ms = first(headers['retry-after-ms']);
  if (ms !== undefined) {
    const v = Number(ms);
    if (Number.isFinite(v) && v >= 0) return Math.ceil(v / 1000);
  }
  const ra = first(headers['retry-after']);
  if (ra === undefined) return undefined;
  const seconds = Number(ra);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(ra);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
