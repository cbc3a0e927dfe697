/** One field of a change, before and after, as text. */
export interface ChangeRow {
  readonly field: string;
  /** JSON text of the value before, or null when the field did not exist. */
  readonly before: string | null;
  readonly after: string | null;
  readonly changed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string | null {
  if (value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * An entry's `before` and `after` as field rows (the union of both objects' fields, in order of
 * first appearance), each marked changed or not. A value that is not an object is one row, `value`.
 */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  const b = isRecord(before) ? before : before === null || before === undefined ? {} : { value: before };
  const a = isRecord(after) ? after : after === null || after === undefined ? {} : { value: after };
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => {
    const was = show(b[field]);
    const now = show(a[field]);
    return { field, before: was, after: now, changed: was !== now };
  });
}
