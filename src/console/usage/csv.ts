/**
 * RFC 4180 CSV, written here rather than with csv-stringify (named in DESIGN.md) until the lead
 * vets that dependency: a field is quoted when it holds a comma, a quote, CR or LF, quotes are
 * doubled, and records end with CRLF.
 */

/** One field, quoted when needed. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvRecord(fields: readonly (string | number | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
