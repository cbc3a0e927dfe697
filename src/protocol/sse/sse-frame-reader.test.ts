import { describe, expect, it } from 'vitest';
import type { SseEvent } from './sse-frame-reader.js';
import { decodeEvent, SseFrameReader } from './sse-frame-reader.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** Feed `reads` and list what the reader handed out: fast events as their data text and whether they are plain. */
function frame(reads: Buffer[]): { data: string; plain?: boolean; block?: string; event?: string; id?: string }[] {
  const reader = new SseFrameReader();
  const out: { data: string; plain?: boolean; block?: string; event?: string; id?: string }[] = [];
  for (const read of reads) {
    reader.feed(read, {
      data: (b, start, end, blockStart, blockEnd, plain) => out.push({ data: b.toString('utf8', start, end), plain, block: b.toString('utf8', blockStart, blockEnd) }),
      event: (e: SseEvent) => out.push({ data: e.data, ...(e.event !== undefined ? { event: e.event } : {}), ...(e.id !== undefined ? { id: e.id } : {}) }),
    });
  }
  reader.end();
  return out;
}

describe('SseFrameReader', () => {
  it('hands out single data lines as byte ranges, across reads that split events and characters', () => {
    const euro = bytes('€'); // 3 bytes, split over two reads below
    const out = frame([
      bytes('data: a\n\ndata: b\n\nda'),
      Buffer.concat([bytes('ta: c'), euro.subarray(0, 1)]),
      Buffer.concat([euro.subarray(1), bytes('\n\n')]),
      bytes('data: tail'),
    ]);
    // An event the body ends in the middle of is not dispatched (the SSE spec's rule).
    expect(out).toEqual([
      { data: 'a', plain: true, block: 'data: a\n\n' },
      { data: 'b', plain: true, block: 'data: b\n\n' },
      { data: 'c€', plain: true, block: 'data: c€\n\n' },
    ]);
  });

  it('reads CRLF lines, data without a space and comment lines, marking them not plain', () => {
    const out = frame([bytes('data: {"x":1}\r\n\r\ndata:{"y":2}\n\n: keep-alive\n\n: ping\ndata: z\n\n')]);
    expect(out).toEqual([
      { data: '{"x":1}', plain: false, block: 'data: {"x":1}\r\n\r\n' },
      { data: '{"y":2}', plain: false, block: 'data:{"y":2}\n\n' },
      { data: 'z', plain: false, block: ': ping\ndata: z\n\n' },
    ]);
  });

  it('decodes events with several data lines or other fields as the spec reads them', () => {
    const out = frame([bytes('event: ping\ndata: 1\ndata: 2\n\nid: 7\ndata: x\n\nevent: empty\n\n')]);
    expect(out).toEqual([{ data: '1\n2', event: 'ping' }, { data: 'x', id: '7' }]);
  });

  it('reads a named event with one data line as the spec does', () => {
    const blocks = [
      'event: content_block_delta\ndata: {"type":"content_block_delta"}\n\n',
      'event:message_stop\r\ndata:{"type":"message_stop"}\r\n\r\n',
      'data: x\nevent: after\n\n',
      'event: first\nevent: second\ndata: y\n\n',
      'event:\ndata: unnamed\n\n',
      ': comment\nevent: e\ndata: z\n\n',
      'event: e\nid: 3\ndata: with id\n\n',
      'event: none\n\n',
    ];
    const out = frame([bytes(blocks.join(''))]);
    expect(out).toEqual(blocks.map((block) => decodeEvent(block)).filter((event) => event !== null));
    expect(out[0]).toEqual({ data: '{"type":"content_block_delta"}', event: 'content_block_delta' });
    expect(out[3]).toEqual({ data: 'y', event: 'second' });
  });

  it('frames the same events whatever the read boundaries', () => {
    const text = 'data: {"a":"é€😀"}\n\nevent: e\ndata: 1\r\ndata: 2\r\n\r\ndata: [DONE]\n\n';
    const whole = frame([bytes(text)]).map((e) => e.data);
    const all = bytes(text);
    for (let cut = 1; cut < all.length; cut++) {
      expect(frame([all.subarray(0, cut), all.subarray(cut)]).map((e) => e.data)).toEqual(whole);
    }
    expect(whole).toEqual(['{"a":"é€😀"}', '1\n2', '[DONE]']);
  });
});

describe('SseFrameReader with lone CR line endings', () => {
  it('frames them with the text parser from the first lone CR on, across reads', () => {
    const out = frame([bytes('data: a\n\ndata: b\r'), bytes('\rdata: c\r\r'), bytes('event: e\rdata: d\r\r\n')]);
    expect(out).toEqual([{ data: 'a', plain: true, block: 'data: a\n\n' }, { data: 'b' }, { data: 'c' }, { data: 'd', event: 'e' }]);
  });
});
