import { safeParseJson } from '../../core/json.js';

/**
 * In-place scanners over UTF-8 bytes of one JSON object, for the stream relay that forwards most
 * events without decoding them (json-scan.ts has the same on strings). Multi-byte characters never
 * contain ASCII bytes, so scanning for quotes and brackets byte by byte is exact.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Index of the quote closing the string whose opening quote is at `start`, or -1 before `end`. */
export function byteStringEnd(bytes: Uint8Array, start: number, end: number): number {
  for (let i = start + 1; i < end; i++) {
    const c = bytes[i];
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return -1;
}

function isSpace(code: number | undefined): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * Index of the opening quote of the top-level `"model"` string value in `bytes[start, end)` (one
 * JSON object), or -1 when it has none (or `model` is not a string). Upstreams put `model` among
 * the first keys, so the scan usually stops after a few dozen bytes.
 */
export function topLevelModelValue(bytes: Uint8Array, start: number, end: number): number {
  let depth = 0;
  let expectKey = false;
  for (let i = start; i < end; i++) {
    const c = bytes[i];
    if (c === QUOTE) {
      const close = byteStringEnd(bytes, i, end);
      if (close < 0) return -1;
      if (depth === 1 && expectKey && close - i === 6 && bytes[i + 1] === 0x6d && bytes[i + 2] === 0x6f && bytes[i + 3] === 0x64 && bytes[i + 4] === 0x65 && bytes[i + 5] === 0x6c) {
        let j = close + 1;
        while (isSpace(bytes[j])) j++;
        if (bytes[j] !== 0x3a /* : */) return -1;
        j++;
        while (isSpace(bytes[j])) j++;
        return j < end && bytes[j] === QUOTE ? j : -1;
      }
      expectKey = false;
      i = close;
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
  return -1;
}

/**
 * Whether `bytes[start, end)` (one event's data) may carry something a relay must act on: an
 * `"error"`, a `"usage"` that is not `null`, or data that is not a JSON object. `next` holds the
 * positions of the next `"error"` and `"usage"` in the same buffer (found once per read, so the
 * search is linear in the read, not in events × read). Inside JSON strings a quote is escaped, so
 * generated text never matches; a false positive only costs a parse.
 */
export function bytesMayNeedParsing(bytes: Buffer, start: number, end: number, next: WatchedKeys): boolean {
  if (bytes[start] !== 0x7b || bytes[end - 1] !== 0x7d) return true;
  if (next.bytes !== bytes) {
    next.bytes = bytes;
    next.error = errorKey(bytes, start);
    next.usage = usageKey(bytes, start);
  }
  if (next.error >= 0 && next.error < start) next.error = errorKey(bytes, start);
  if (next.error >= 0 && next.error < end) return true;
  while (next.usage >= 0 && next.usage < end) {
    if (next.usage >= start) {
      let i = next.usage + 7;
      while (isSpace(bytes[i])) i++;
      if (bytes[i] !== 0x3a) return true;
      i++;
      while (isSpace(bytes[i])) i++;
      if (!(bytes[i] === 0x6e && bytes[i + 1] === 0x75 && bytes[i + 2] === 0x6c && bytes[i + 3] === 0x6c)) return true;
    }
    next.usage = usageKey(bytes, Math.max(next.usage + 1, start));
  }
  return false;
}

/** Where the next watched keys are in the buffer last scanned (see {@link bytesMayNeedParsing}). */
export interface WatchedKeys {
  bytes: Buffer | null;
  error: number;
  usage: number;
}

/*
 * The keys are searched without their opening quote (and `"e`): Buffer#indexOf checks the needle at
 * every occurrence of its first byte, and quotes are every few bytes in JSON, so `"error"` scanned a
 * 7.6 KB read ≈5x slower than `rror"`, and walking `"usage"` through it ≈4x slower than `usage"`.
 */
const ERROR_TAIL = Buffer.from('rror"');
const USAGE_TAIL = Buffer.from('usage"');

/** Index of the next `"error"` at or after `from`, or -1. */
function errorKey(bytes: Buffer, from: number): number {
  for (let i = bytes.indexOf(ERROR_TAIL, from + 2); i >= 0; i = bytes.indexOf(ERROR_TAIL, i + 1)) {
    if (bytes[i - 1] === 0x65 /* e */ && bytes[i - 2] === QUOTE) return i - 2;
  }
  return -1;
}

/** Index of the next `"usage"` at or after `from`, or -1. */
function usageKey(bytes: Buffer, from: number): number {
  for (let i = bytes.indexOf(USAGE_TAIL, from + 1); i >= 0; i = bytes.indexOf(USAGE_TAIL, i + 1)) {
    if (bytes[i - 1] === QUOTE) return i - 1;
  }
  return -1;
}

/**
 * Push the decoded string values of the keys `content`, `arguments` and `text` in `bytes[start,
 * end)` (one JSON object), at any depth and in document order, onto `out`; empty strings and
 * non-string values (`"content":null`, logprobs' `"content":[...]`) are skipped. This is the
 * generated text of an OpenAI chat or completion chunk without a JSON parse, for the token estimate
 * of a stream whose upstream reports no usage. It is a superset of `collectChoiceText` (it also
 * takes the `text` of content parts, say), which is fine for an estimate.
 *
 * Keys are found from their colons: `Buffer#indexOf` of one byte costs ≈10 ns a call against
 * ≈110 ns for a multi-byte needle, and an OpenAI chunk has about 15 colons. A match must be a whole
 * key (`"content"` before the colon, its opening quote not escaped); inside JSON strings quotes are
 * escaped, so generated text never fakes a key.
 */
export function collectGeneratedText(bytes: Buffer, start: number, end: number, out: string[]): void {
  for (let colon = bytes.indexOf(COLON, start); colon >= 0 && colon < end; colon = bytes.indexOf(COLON, colon + 1)) {
    let close = colon - 1;
    while (isSpace(bytes[close])) close--;
    if (bytes[close] !== QUOTE || !isGeneratedTextKey(bytes, close)) continue;
    let value = colon + 1;
    while (isSpace(bytes[value])) value++;
    if (value >= end || bytes[value] !== QUOTE) continue;
    const valueEnd = byteStringEnd(bytes, value, end);
    if (valueEnd < 0) return;
    if (valueEnd > value + 1) pushString(bytes, value + 1, valueEnd, out);
    colon = valueEnd;
  }
}

const COLON = 0x3a;
const CONTENT = Buffer.from('content');
const ARGUMENTS = Buffer.from('arguments');
const TEXT = Buffer.from('text');

/** Whether the key whose closing quote is at `close` is `content`, `arguments` or `text`. */
function isGeneratedTextKey(bytes: Buffer, close: number): boolean {
  const last = bytes[close - 1];
  if (last === 0x74 /* t */) return isKeyBefore(bytes, close, CONTENT) || isKeyBefore(bytes, close, TEXT);
  return last === 0x73 /* s */ && isKeyBefore(bytes, close, ARGUMENTS);
}

/** Whether `"<key>"` ends at `close`, its opening quote not escaped (so not inside a string). */
function isKeyBefore(bytes: Buffer, close: number, key: Buffer): boolean {
  const open = close - key.length - 1;
  if (bytes[open] !== QUOTE || bytes[open - 1] === BACKSLASH) return false;
  for (let i = 0; i < key.length; i++) if (bytes[open + 1 + i] !== key[i]) return false;
  return true;
}

/** Push the JSON string whose contents are `bytes[start, end)`, decoded, onto `out`. */
function pushString(bytes: Buffer, start: number, end: number, out: string[]): void {
  const text = bytes.toString('utf8', start, end);
  // A backslash byte is only ever the character `\` in UTF-8: without one there is no escape.
  if (!text.includes('\\')) {
    out.push(text);
    return;
  }
  const parsed = safeParseJson(`"${text}"`);
  if (parsed.ok && typeof parsed.value === 'string') out.push(parsed.value);
}
