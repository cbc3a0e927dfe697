import { TextDecoder } from 'node:util';
import { createParser, type EventSourceMessage, type EventSourceParser } from 'eventsource-parser';

/** One SSE event: the optional `event:` name and the joined `data:` lines. */
export type SseEvent = EventSourceMessage;

/**
 * What {@link SseFrameReader} hands out. The common event, one `data:` line and nothing else, comes
 * as a byte range of the chunk it arrived in (no string, no object); any other event (several data
 * lines, an `event:` or `id:` field) is decoded into an {@link SseEvent}.
 */
export interface SseFrameVisitor {
  /**
   * One `data:` line: its value is `bytes[start, end)`. The whole event (from its first byte to the
   * end of the blank line) is `bytes[blockStart, blockEnd)`; `plain` when that is exactly
   * `data: <value>\n\n`, so it can be forwarded as it is.
   */
  data(bytes: Buffer, start: number, end: number, blockStart: number, blockEnd: number, plain: boolean): void;
  /** Any other event with data. */
  event(event: SseEvent): void;
}

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;
/** `data` and `event` as bytes, for comparing field names without decoding. */
const D = 0x64;
const A = 0x61;
const T = 0x74;
const E = 0x65;
const V = 0x76;
const N = 0x6e;

/**
 * Server-Sent Events framing on bytes, for relays that forward most events unchanged: events are
 * found by scanning the upstream's Buffers for blank lines (native `indexOf`), without decoding the
 * stream to text or building an object per event. Lines end with LF or CRLF (what every HTTP
 * upstream sends); an event split across reads waits for the rest. A stream that ends a line with a
 * lone CR (the spec allows it; no known upstream sends it) is handed to eventsource-parser from
 * there on, every event through `visitor.event`.
 */
export class SseFrameReader {
  /** Bytes of an incomplete event from the previous read. */
  private rest: Buffer | null = null;
  /** Set once a lone CR was seen: the text parser that frames the rest of the stream. */
  private text: { parser: EventSourceParser; decoder: TextDecoder; visitor: { current: SseFrameVisitor } } | null = null;

  /** Frame the complete events of `chunk` (after what is left of earlier reads). */
  feed(chunk: Buffer, visitor: SseFrameVisitor): void {
    let bytes = chunk;
    if (this.rest !== null) {
      bytes = Buffer.concat([this.rest, chunk]);
      this.rest = null;
    }
    if (this.text === null && hasLoneCr(bytes)) {
      const target = { current: visitor };
      this.text = { parser: createParser({ onEvent: (event) => target.current.event(event) }), decoder: new TextDecoder(), visitor: target };
    }
    if (this.text !== null) {
      this.text.visitor.current = visitor;
      this.text.parser.feed(this.text.decoder.decode(bytes, { stream: true }));
      return;
    }
    const n = bytes.length;
    let blockStart = 0;
    let lineStart = 0;
    let dataLines = 0;
    let dataStart = 0;
    let dataEnd = 0;
    /** The value of the event's last `event:` line, `[start, end)`; -1 without one. */
    let nameStart = -1;
    let nameEnd = 0;
    let otherFields = false;
    while (lineStart < n) {
      const nl = bytes.indexOf(LF, lineStart);
      if (nl < 0) break;
      const lineEnd = nl > lineStart && bytes[nl - 1] === CR ? nl - 1 : nl;
      if (lineEnd === lineStart) {
        // A blank line ends the event.
        if (dataLines === 1 && !otherFields && nameStart < 0) {
          const plain = dataStart === blockStart + 6 && nl === dataEnd + 1 && bytes[dataEnd] === LF;
          visitor.data(bytes, dataStart, dataEnd, blockStart, nl + 1, plain);
        } else if (dataLines === 1 && !otherFields) {
          // `event:` and one `data:` line, as Anthropic-style streams send every event: two strings.
          visitor.event({ data: bytes.toString('utf8', dataStart, dataEnd), event: bytes.toString('utf8', nameStart, nameEnd) });
        } else if (dataLines > 0) {
          const event = decodeEvent(bytes.toString('utf8', blockStart, nl + 1));
          if (event !== null) visitor.event(event);
        }
        blockStart = nl + 1;
        dataLines = 0;
        nameStart = -1;
        otherFields = false;
      } else if (lineEnd - lineStart >= 5 && bytes[lineStart] === D && bytes[lineStart + 1] === A && bytes[lineStart + 2] === T && bytes[lineStart + 3] === A && bytes[lineStart + 4] === COLON) {
        dataLines++;
        dataStart = bytes[lineStart + 5] === SPACE ? lineStart + 6 : lineStart + 5;
        dataEnd = lineEnd;
      } else if (lineEnd - lineStart >= 6 && bytes[lineStart] === E && bytes[lineStart + 1] === V && bytes[lineStart + 2] === E && bytes[lineStart + 3] === N && bytes[lineStart + 4] === T && bytes[lineStart + 5] === COLON) {
        nameStart = bytes[lineStart + 6] === SPACE ? lineStart + 7 : lineStart + 6;
        nameEnd = lineEnd;
      } else if (bytes[lineStart] !== COLON) {
        // `id:`, `retry:`, a field without a colon: the slow path (comments are skipped).
        otherFields = true;
      }
      lineStart = nl + 1;
    }
    if (blockStart < n) this.rest = bytes.subarray(blockStart);
  }

  /** The stream ended: an event not closed by a blank line is dropped, as the SSE spec says. */
  end(): void {
    this.rest = null;
  }
}

/** Whether a CR in `bytes` ends a line on its own (not followed by LF). */
function hasLoneCr(bytes: Buffer): boolean {
  for (let i = bytes.indexOf(CR); i >= 0 && i + 1 < bytes.length; i = bytes.indexOf(CR, i + 1)) {
    if (bytes[i + 1] !== LF) return true;
  }
  return false;
}

/** The fields of one event's text (any line endings), as the SSE spec reads them; null without data. */
export function decodeEvent(text: string): SseEvent | null {
  const data: string[] = [];
  let event: string | undefined;
  let id: string | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  }
  if (data.length === 0) return null;
  return { data: data.join('\n'), ...(event !== undefined ? { event } : {}), ...(id !== undefined ? { id } : {}) };
}
