import { SseFrameReader, type SseEvent, type SseFrameVisitor } from '../../protocol/sse/index.js';
import type { CallSignal } from '../provider.js';
import type { BodyReader, UpstreamBody } from '../upstream-body.js';

/**
 * Turns one upstream's SSE events into the events of a stream, synchronously and in order, as the
 * body is framed (a translating provider's stream adapter).
 */
export interface SseStreamConverter<T> {
  /** The events one SSE event makes (often none). */
  event(frame: SseEvent): readonly T[];
  /**
   * Read after each event: `complete` once the answer is whole (the rest of the body is read and
   * dropped, so the connection is reused), `failed` once it ended in a failure (the call is
   * cancelled), null while it goes on.
   */
  readonly outcome: 'complete' | 'failed' | null;
  /** The events for a body that ended without an outcome. */
  end(): readonly T[];
  /** The events for a body whose read failed (not called once the signal aborted). */
  fail(error: unknown): readonly T[];
}

/** Events queued for a consumer that is behind: past this the upstream is paused, below half it resumes. */
const PAUSE_AT = 64;

/**
 * An SSE body as an async iterable of converted events. The body's reads are framed on bytes
 * ({@link SseFrameReader}) and converted as they arrive; the consumer takes the events from a queue,
 * one promise per event. Replaces a chain of a Readable, a text decoder, an SSE parser and two async
 * generators, each with its own promise per event (bench/findings/streams-held.md, "Translated streams").
 *
 * The body is finished exactly once: drained after a complete answer (the keep-alive connection is
 * reused), destroyed (the upstream call cancelled) after a failure, when the consumer stops early,
 * or when the signal aborts; a read failure after the signal aborted ends the events silently.
 */
export function sseEventStream<T>(body: UpstreamBody, converter: SseStreamConverter<T>, signal: CallSignal): AsyncIterableIterator<T> {
  return new SseEventStream(body, converter, signal);
}

class SseEventStream<T> implements AsyncIterableIterator<T>, SseFrameVisitor {
  private queue: T[] = [];
  private head = 0;
  private waiter: ((result: IteratorResult<T, undefined>) => void) | null = null;
  /** No event will be queued any more. */
  private over = false;
  private paused = false;
  private readonly frames = new SseFrameReader();
  private readonly onAbort = (): void => {
    this.body.destroy();
    this.finish();
  };

  constructor(
    private readonly body: UpstreamBody,
    private readonly converter: SseStreamConverter<T>,
    private readonly signal: CallSignal,
  ) {
    if (signal.aborted) {
      this.onAbort();
      return;
    }
    signal.addEventListener('abort', this.onAbort, { once: true });
    const reader: BodyReader = {
      data: (chunk) => this.read(chunk),
      end: () => {
        this.frames.end();
        if (!this.over && this.converter.outcome === null) this.push(this.converter.end());
        this.finish();
      },
      error: (error) => {
        if (!this.over && !this.signal.aborted) this.push(this.converter.fail(error));
        this.finish();
      },
    };
    body.read(reader);
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  next(): Promise<IteratorResult<T, undefined>> {
    if (this.head < this.queue.length) return Promise.resolve(this.take());
    if (this.over) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  /** The consumer stopped (a `break` in `for await`): an unfinished body is cancelled. */
  return(): Promise<IteratorResult<T, undefined>> {
    if (!this.body.finished) this.body.destroy();
    this.queue = [];
    this.head = 0;
    this.finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  // --- SseFrameVisitor: each framed event is converted at once
  data(bytes: Buffer, start: number, end: number): void {
    // Past an outcome the rest of the read is not the answer's.
    if (this.converter.outcome === null) this.push(this.converter.event({ data: bytes.toString('utf8', start, end) }));
  }

  event(event: SseEvent): void {
    if (this.converter.outcome === null) this.push(this.converter.event(event));
  }

  private read(chunk: Buffer): void {
    if (this.over) return;
    this.frames.feed(chunk, this);
    const outcome = this.converter.outcome;
    if (outcome !== null) {
      if (outcome === 'complete') this.body.discard();
      else this.body.destroy();
      this.finish();
    } else if (!this.paused && this.queue.length - this.head >= PAUSE_AT) {
      // The consumer (a client's socket) is behind: stop reading the upstream until it catches up.
      this.paused = true;
      this.body.pause();
    }
  }

  private push(events: readonly T[]): void {
    if (this.over) return;
    for (const event of events) this.queue.push(event);
    this.wake();
  }

  private take(): IteratorResult<T, undefined> {
    const value = this.queue[this.head++]!;
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
    }
    if (this.paused && this.queue.length - this.head < PAUSE_AT / 2) {
      this.paused = false;
      this.body.resume();
    }
    return { value, done: false };
  }

  private finish(): void {
    if (this.over) return;
    this.over = true;
    this.signal.removeEventListener('abort', this.onAbort);
    this.wake();
  }

  private wake(): void {
    const waiter = this.waiter;
    if (waiter === null) return;
    if (this.head < this.queue.length) {
      this.waiter = null;
      waiter(this.take());
    } else if (this.over) {
      this.waiter = null;
      waiter({ value: undefined, done: true });
    }
  }
}
