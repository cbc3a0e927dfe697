import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSseBatches, readSseEvents } from './read-sse-events.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('readSseBatches', () => {
  it('yields the events completed by each read together, across reads that split events and characters', async () => {
    const euro = bytes('€'); // 3 bytes, split over two reads below
    const reads = [
      bytes('data: a\n\ndata: b\n\nda'),
      Buffer.concat([bytes('ta: c'), euro.subarray(0, 1)]),
      Buffer.concat([euro.subarray(1), bytes('\n\nevent: ping\ndata: 1\ndata: 2\n\n')]),
      bytes('data: tail'),
    ];
    const batches = await collect(readSseBatches(Readable.from(reads)));
    // An event the body ends in the middle of is not dispatched (the SSE spec's rule).
    expect(batches.map((b) => b.map((e) => e.data))).toEqual([['a', 'b'], ['c€', '1\n2']]);
    expect(batches[1]![1]!.event).toBe('ping');
  });

  it('gives readSseEvents the same events one by one', async () => {
    const events = await collect(readSseEvents(Readable.from([bytes('data: x\n\ndata: y\n\n'), bytes('data: [DONE]\n\n')])));
    expect(events.map((e) => e.data)).toEqual(['x', 'y', '[DONE]']);
  });

  it('leaves the body open when the consumer stops early with destroyOnReturn false', async () => {
    const body = Readable.from([bytes('data: first\n\n'), bytes('data: second\n\n')]);
    for await (const batch of readSseBatches(body, { destroyOnReturn: false })) {
      expect(batch[0]!.data).toBe('first');
      break;
    }
    expect(body.destroyed).toBe(false);
    body.destroy();
  });
});
