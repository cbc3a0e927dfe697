import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvRecord, csvStream } from './csv.js';

describe('csv', () => {
  it('should quote only fields with a comma, quote, CR or LF, doubling quotes', async () => {
    expect(await csvRecord(['plain', 12, null, 'a,b', 'say "hi"', 'line\nbreak', 'cr\r', -5n])).toBe('plain,12,,"a,b","say ""hi""","line\nbreak","cr\r",-5\r\n');
  });

  it('should end records with CRLF', async () => {
    expect(await csvRecord(['a', 'b,c', null, 3])).toBe('a,"b,c",,3\r\n');
  });

  it('should stream records from an async source', async () => {
    async function* rows() {
      yield ['h1', 'h2'];
      for (let i = 0; i < 3; i++) yield [`r${i}`, i === 1 ? 'x,y' : null];
    }
    expect(await text(await csvStream(rows()))).toBe('h1,h2\r\nr0,\r\nr1,"x,y"\r\nr2,\r\n');
  });

  it('should fail the stream when the source fails', async () => {
    async function* rows() {
      yield ['a'];
      throw new Error('store down');
    }
    await expect(text(await csvStream(rows()))).rejects.toThrow('store down');
  });
});
