import { STOP, stringEnd, walkTopLevelKeys } from './json-scan.js';

/**
 * `text` (one JSON object, as an upstream sent it) with its top-level `"model"` string replaced by
 * `model`, so passthrough answers name the catalogue model without re-serialising every chunk.
 * Returns `text` unchanged when it has no top-level string `model`. Upstreams put `model` among the
 * first keys, so the scan usually stops after a few dozen characters.
 */
export function replaceTopLevelModel(text: string, model: string): string {
  let replaced = text;
  walkTopLevelKeys(text, (keyStart, keyEnd, valueStart) => {
    if (keyEnd - keyStart !== 6 || !text.startsWith('model', keyStart + 1)) return undefined;
    const valueEnd = text.charCodeAt(valueStart) === 0x22 /* " */ ? stringEnd(text, valueStart) : -1;
    if (valueEnd >= 0) replaced = `${text.slice(0, valueStart)}${JSON.stringify(model)}${text.slice(valueEnd + 1)}`;
    return STOP;
  });
  return replaced;
}
