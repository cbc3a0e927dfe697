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
