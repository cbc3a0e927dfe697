import { isSpace, stringEnd } from './json-scan.js';

/** Where a stream's usage chunk has what the relay changes, found without parsing the whole chunk. */
export interface UsageChunkLayout {
  /** Index of the opening brace of the top-level `usage` object. */
  readonly usageStart: number;
  /** Index of the brace closing it. */
  readonly usageEnd: number;
  /** Whether the top-level `choices` is a non-empty array (false: absent, `[]` or not an array). */
  readonly hasChoices: boolean;
}

/**
 * The layout of `text` (one chunk's JSON object) when it is a plain usage chunk: a top-level
 * `usage` object with members and no `cost`, a top-level string `model`, no `error` anywhere. Null
 * whenever that cannot be told with certainty (a top-level key written with escapes, a key of
 * interest twice, unbalanced brackets): the caller then parses the chunk, so declining only costs
 * time. Only the usage object itself is parsed afterwards, for the counts that are billed.
 */
export function usageChunkLayout(text: string): UsageChunkLayout | null {
  if (text.includes('"error"')) return null;
  let depth = 0;
  let expectKey = false;
  let usageStart = -1;
  let usageEnd = -1;
  let models = 0;
  let choices = 0;
  let hasChoices = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return null;
      if (depth === 1 && expectKey) {
        const key = text.slice(i + 1, end);
        if (key.includes('\\')) return null;
        let j = end + 1;
        while (isSpace(text.charCodeAt(j))) j++;
        if (text.charCodeAt(j) !== 0x3a /* : */) return null;
        j++;
        while (isSpace(text.charCodeAt(j))) j++;
        if (key === 'usage') {
          if (usageStart >= 0) return null;
          usageStart = j;
          usageEnd = closingBracket(text, j);
          if (usageEnd < 0) return null;
          i = usageEnd;
          expectKey = false;
          continue;
        }
        if (key === 'model') {
          if (++models > 1 || text.charCodeAt(j) !== QUOTE) return null;
        } else if (key === 'choices') {
          if (++choices > 1) return null;
          if (text.charCodeAt(j) === 0x5b /* [ */) {
            let k = j + 1;
            while (isSpace(text.charCodeAt(k))) k++;
            hasChoices = text.charCodeAt(k) !== 0x5d; /* ] */
          }
        }
      }
      expectKey = false;
      i = end;
    } else if (c === 0x7b /* { */) {
      depth++;
      expectKey = depth === 1;
    } else if (c === 0x5b /* [ */) {
      depth++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
      if (depth === 0 && i !== n - 1) return null;
    } else if (c === 0x2c /* , */) {
      expectKey = depth === 1;
    }
  }
  if (depth !== 0 || models !== 1 || usageStart < 0) return null;
  let last = usageEnd - 1;
  while (isSpace(text.charCodeAt(last))) last--;
  if (last === usageStart) return null; // `{}`: nothing to bill
  if (text.slice(usageStart, usageEnd).includes('"cost"')) return null;
  return { usageStart, usageEnd, hasChoices };
}

/** `text` with `"cost": cost` as the last member of the usage object the layout found. */
export function withUsageCost(text: string, layout: UsageChunkLayout, cost: string): string {
  return `${text.slice(0, layout.usageEnd)},"cost":${JSON.stringify(cost)}${text.slice(layout.usageEnd)}`;
}

const QUOTE = 0x22;

/** Index of the brace closing the object that opens at `start`, or -1 (also when no object opens there). */
function closingBracket(text: string, start: number): number {
  if (text.charCodeAt(start) !== 0x7b /* { */) return -1;
  let level = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
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
