/** Helpers for the relays that edit JSON text in place instead of parsing and re-encoding it. */

/** Index of the quote closing the string that starts at `start`, or -1. */
export function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) return -1;
    let backslashes = 0;
    for (let b = q - 1; b > start && text.charCodeAt(b) === 0x5c; b--) backslashes++;
    if (backslashes % 2 === 0) return q;
    i = q + 1;
  }
}

/** JSON whitespace: space, LF, CR, tab. */
export function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** A visitor's answer to {@link walkTopLevelKeys}: end the walk now. */
export const STOP = -2;

/**
 * Walk the keys of the object `text` opens with (one JSON object as an upstream sent it) without
 * parsing it. `visit` gets each top-level key's opening and closing quote and the first character
 * of its value, and answers undefined (go on), the index of the last character it read itself (a
 * value it skipped; the walk goes on after it) or {@link STOP}. The walk answers the index of the
 * brace that closes the object, {@link STOP}, or -1 when the text ends first or a key has no colon.
 */
export function walkTopLevelKeys(text: string, visit: (keyStart: number, keyEnd: number, valueStart: number) => number | undefined): number {
  let depth = 0;
  let expectKey = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      if (end < 0) return -1;
      const keyStart = i;
      i = end;
      if (depth === 1 && expectKey) {
        let j = end + 1;
        while (isSpace(text.charCodeAt(j))) j++;
        if (text.charCodeAt(j) !== 0x3a /* : */) return -1;
        j++;
        while (isSpace(text.charCodeAt(j))) j++;
        const next = visit(keyStart, end, j);
        if (next === STOP) return STOP;
        if (next !== undefined) i = next;
      }
      expectKey = false;
    } else if (c === 0x7b /* { */) {
      depth++;
      expectKey = depth === 1;
    } else if (c === 0x5b /* [ */) {
      depth++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      if (--depth === 0) return i;
    } else if (c === 0x2c /* , */) {
      expectKey = depth === 1;
    }
  }
  return -1;
}

/** Index of the brace closing the object that opens at `start`, or -1 (also when no object opens there). */
export function closingBrace(text: string, start: number): number {
  if (text.charCodeAt(start) !== 0x7b /* { */) return -1;
  let level = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = stringEnd(text, i);
      if (i < 0) return -1;
    } else if (c === 0x7b || c === 0x5b) {
      level++;
    } else if (c === 0x7d || c === 0x5d) {
      if (--level === 0) return i;
    }
  }
  return -1;
}
