import { describe, expect, it } from 'vitest';
import type { SseEvent } from '../../protocol/sse/index.js';
import { ScriptedBody } from '../../testing/scripted-body.js';
import { sseEventStream, type SseStreamConverter } from './sse-event-stream.js';

/** Each event's data as it is; `END` completes the answer, `BAD` fails it; a body ending before either fails. */
class EchoConverter implements SseStreamConverter<string> {
  outcome: 'complete' | 'failed' | null = null;
  event(frame: SseEvent): readonly string[] {
    if (frame.data === 'END') this.outcome = 'complete';
    if (frame.data === 'BAD') this.outcome = 'failed';
    return [frame.event === undefined ? frame.data : `${frame.event}:${frame.data}`];
  }
  end(): readonly string[] {
    this.outcome = 'failed';
    return ['ended early'];
  }
  fail(error: unknown): readonly string[] {
    this.outcome = 'failed';
    return [`failed: ${(error as Error).message}`];
  }
}

async function collect(body: ScriptedBody, signal: AbortSignal = new AbortController().signal): Promise<string[]> {
  const out: string[] = [];
  for await (const event of sseEventStream(body, new EchoConverter(), signal)) out.push(event);
  return out;
}

describe('sseEventStream', () => {
  it('should convert events split across reads, named or not, and drain the body after a complete answer', async () => {
    const body = new ScriptedBody(['data: a\n\ndata: b', '\n\nevent: x\ndata: c\n\n', 'data: END\n\ndata: after\n\n']);
    expect(await collect(body)).toEqual(['a', 'b', 'x:c', 'END']);
    expect(body.finishedBy).toBe('discard');
  });

  it('should cancel the call after a failed answer, and report a body that ends without an outcome', async () => {
    const failed = new ScriptedBody(['data: a\n\ndata: BAD\n\ndata: b\n\n']);
    expect(await collect(failed)).toEqual(['a', 'BAD']);
    expect(failed.finishedBy).toBe('destroy');
    const short = new ScriptedBody(['data: a\n\n']);
    expect(await collect(short)).toEqual(['a', 'ended early']);
    expect(short.finishedBy).toBe('end');
  });

  it('should report a read failure, but end silently once the call was aborted', async () => {
    expect(await collect(new ScriptedBody(['data: a\n\n'], new Error('socket hang up')))).toEqual(['a', 'failed: socket hang up']);
    const controller = new AbortController();
    const body = new ScriptedBody(['data: a\n\n', 'data: b\n\n', 'data: c\n\n']);
    const out: string[] = [];
    for await (const event of sseEventStream(body, new EchoConverter(), controller.signal)) {
      out.push(event);
      controller.abort();
    }
    expect(out).toEqual(['a']);
    expect(body.finishedBy).toBe('destroy');
  });

  it('should cancel the call when the consumer stops early', async () => {
    const body = new ScriptedBody(['data: a\n\n', 'data: b\n\n', 'data: END\n\n']);
    for await (const event of sseEventStream(body, new EchoConverter(), new AbortController().signal)) if (event === 'a') break;
    expect(body.finishedBy).toBe('destroy');
  });

  it('should pause the upstream while the consumer is behind, and resume when it catches up', async () => {
    const reads = Array.from({ length: 200 }, (_, i) => `data: ${i}\n\n`);
    const body = new ScriptedBody([...reads, 'data: END\n\n']);
    const events = sseEventStream(body, new EchoConverter(), new AbortController().signal);
    // Nobody reads for a while: the body stops at 64 queued events instead of queueing all 200.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(body.delivered).toBe(64);
    const out: string[] = [];
    for await (const event of events) out.push(event);
    expect(out).toHaveLength(201);
    expect(out.at(-1)).toBe('END');
  });
});
