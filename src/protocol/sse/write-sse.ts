/**
 * Frame one SSE event. `event` must not contain CR or LF (it would forge frames: hono's rule);
 * multi-line data is split into several `data:` lines as the spec requires.
 */
export function formatSseEvent(data: string, event?: string): string {
  if (event !== undefined && /[\r\n]/.test(event)) throw new Error('SSE event name must not contain CR or LF');
  const dataLines = data.includes('\n') || data.includes('\r') ? data.split(/\r\n|\r|\n/).map((l) => `data: ${l}`).join('\n') : `data: ${data}`;
  return event === undefined ? `${dataLines}\n\n` : `event: ${event}\n${dataLines}\n\n`;
}

/** A comment line, used as a keep-alive that no SDK mistakes for data. */
export function formatSseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;
}
