import { isSpace, stringEnd } from './json-scan.js';

/**
 * `text` (one JSON object, as an upstream sent it) with its top-level `"model"` string replaced by
 * `model`, so passthrough answers name the catalogue model without re-serialising every chunk.
 * Returns `text` unchanged when it has no top-level string `model`. Upstreams put `model` among the
 * first keys, so the scan usually stops after a few dozen characters.
 */
export function replaceTopLevelModel(text: string, model: string): string {
  let depth = 0;
  let expectKey = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      if (end < 0) return text;
      if (depth === 1 && expectKey && end - i === 6 && text.startsWith('model', i + 1)) {
        let j = end + 1;
        while (isSpace(text.charCodeAt(j))) j++;
        if (text.charCodeAt(j) !== 0x3a /* : */) return text;
        j++;
        while (isSpace(text.charCodeAt(j))) j++;
        if (text.charCodeAt(j) !== 0x22) return text;
        const valueEnd = stringEnd(text, j);
        if (valueEnd < 0) return text;
        return `${text.slice(0, j)}${JSON.stringify(model)}${text.slice(valueEnd + 1)}`;
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
    } else if (c === 0x2c /* , */) {
      expectKey = depth === 1;
    }
  }
  return text;
}
