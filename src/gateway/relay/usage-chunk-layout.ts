import { closingBrace, isSpace, STOP, walkTopLevelKeys } from './json-scan.js';

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
  let usageStart = -1;
  let usageEnd = -1;
  let models = 0;
  let choices = 0;
  let hasChoices = false;
  const closed = walkTopLevelKeys(text, (keyStart, keyEnd, valueStart) => {
    const key = text.slice(keyStart + 1, keyEnd);
    if (key.includes('\\')) return STOP;
    if (key === 'usage') {
      if (usageStart >= 0) return STOP;
      usageStart = valueStart;
      usageEnd = closingBrace(text, valueStart);
      return usageEnd < 0 ? STOP : usageEnd;
    }
    if (key === 'model') {
      if (++models > 1 || text.charCodeAt(valueStart) !== 0x22 /* " */) return STOP;
    } else if (key === 'choices') {
      if (++choices > 1) return STOP;
      if (text.charCodeAt(valueStart) === 0x5b /* [ */) {
        let k = valueStart + 1;
        while (isSpace(text.charCodeAt(k))) k++;
        hasChoices = text.charCodeAt(k) !== 0x5d; /* ] */
      }
    }
    return undefined;
  });
  // Nothing may follow the object: the walk ends at its closing brace.
  if (closed !== text.length - 1 || models !== 1 || usageStart < 0) return null;
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
