import type { WindowState } from '../../limits/limit-store.js';

/**
 * OpenAI's rate-limit headers for the tightest request window and the tightest token window
 * (`x-ratelimit-limit-requests`, `-remaining-`, `-reset-` in OpenAI's duration form such as
 * `12s`). No header for a kind without a limit.
 */
export function rateLimitHeaders(windows: readonly WindowState[], nowMs: number): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [kind, prefix] of [['requests', 'rpm:'], ['tokens', 'tpm:']] as const) {
    let tightest: WindowState | null = null;
    for (const w of windows) {
      if (!w.id.startsWith(prefix)) continue;
      if (tightest === null || w.limit - w.used < tightest.limit - tightest.used) tightest = w;
    }
    if (tightest === null) continue;
    headers[`x-ratelimit-limit-${kind}`] = String(tightest.limit);
    headers[`x-ratelimit-remaining-${kind}`] = String(Math.max(0, tightest.limit - tightest.used));
    headers[`x-ratelimit-reset-${kind}`] = `${Math.max(0, Math.ceil((tightest.resetAtMs - nowMs) / 1000))}s`;
  }
  return headers;
}
