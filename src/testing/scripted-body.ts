import type { BodyReader, UpstreamBody } from '../providers/upstream-body.js';

/**
 * An {@link UpstreamBody} that hands out a fixed list of reads, one per turn of the event loop, then
 * ends (or fails with `failWith`): for testing stream adapters without a server. It records how the
 * body was finished, which is what decides whether a real upstream connection is reused.
 */
export class ScriptedBody implements UpstreamBody {
  /** How the body was finished: read to its end, drained by the reader, or cancelled. */
  finishedBy: 'end' | 'discard' | 'destroy' | null = null;
  private reader: BodyReader | null = null;
  /** How many reads were handed to the reader. */
  delivered = 0;
  private paused = false;
  private scheduled = false;
  private closed = false;

  constructor(
    private readonly reads: readonly (string | Buffer)[],
    private readonly failWith: Error | null = null,
  ) {}

  get finished(): boolean {
    return this.closed;
  }

  read(reader: BodyReader | null): void {
    this.reader = reader;
    this.schedule();
  }

  unshift(): void {
    throw new Error('ScriptedBody.unshift is not scripted');
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.schedule();
  }

  destroy(): void {
    this.close('destroy');
  }

  discard(): void {
    this.close('discard');
  }

  private close(how: 'end' | 'discard' | 'destroy'): void {
    if (this.closed) return;
    this.closed = true;
    this.finishedBy = how;
  }

  private schedule(): void {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.step();
    });
  }

  private step(): void {
    const reader = this.reader;
    if (this.closed || this.paused || reader === null) return;
    const chunk = this.reads[this.delivered];
    if (chunk !== undefined) {
      this.delivered++;
      reader.data(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      this.schedule();
      return;
    }
    this.close('end');
    if (this.failWith === null) reader.end();
    else reader.error(this.failWith);
  }
}
