/**
 * What reads an {@link UpstreamBody}: called with each upstream read as it arrives, then exactly
 * one of `end` or `error`.
 */
export interface BodyReader {
  data(chunk: Buffer): void;
  end(): void;
  error(error: Error): void;
}

/**
 * The body of a streamed upstream answer, handed to its reader read by read. It is not a Node
 * `Readable`: a held stream relays one small read at a time, and a Readable's buffering, events
 * and mode switches cost more per read than the relay's own work (bench/findings/streams-held.md, "A held stream
 * without a Readable"). `toReadable` in providers/http adapts it for readers that want a stream.
 */
export interface UpstreamBody {
  /**
   * Deliver the body to `reader` from now on, starting with anything received but not yet read;
   * it replaces an earlier reader. `null`: nobody reads for now, so what arrives is kept (and the
   * upstream paused) for the next reader.
   */
  read(reader: BodyReader | null): void;
  /** Put bytes back in front of the body: the next reader gets them first. */
  unshift(chunk: Buffer): void;
  /** Stop reading the upstream (backpressure); `resume` goes on. */
  pause(): void;
  resume(): void;
  /**
   * Cancel the upstream call unless the body has ended; the reader is called no more. Safe to call
   * more than once.
   */
  destroy(): void;
  /**
   * Read the rest of the body and drop it, so the upstream connection is reused: for a reader that
   * saw the end of what it wanted (`[DONE]`). The reader is called no more.
   */
  discard(): void;
  /** True once the reader was told the end or the failure, or the body was destroyed or discarded. */
  readonly finished: boolean;
}
