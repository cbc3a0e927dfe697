import type { Dispatcher } from 'undici';
import type { BodyReader, UpstreamBody } from '../upstream-body.js';
import type { CallSignal } from '../provider.js';
import { mapTransportError } from './map-transport-error.js';
import { mapUpstreamStatus } from './map-upstream-status.js';
import { SignalledHandler } from './signalled-handler.js';

/** A successful (2xx) upstream answer whose body is read as it arrives. */
export interface StreamedUpstreamResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: UpstreamBody;
}

/** Bytes kept for a reader that is not reading (not attached yet, or paused) before the upstream is paused. */
const KEEP_BYTES = 64 * 1024;
/** Largest error body read to explain a non-2xx answer. */
export const MAX_ERROR_BODY = 64 * 1024;

/**
 * undici dispatch handler for a streamed answer, and the {@link UpstreamBody} it hands out: each
 * read goes from undici's parser to the reader in one call, with no Readable, no buffering and no
 * promise in between. Resolves on a 2xx status; any other status is read (up to 64 KiB) and
 * rejected as the GatewayError it maps to, as is a transport failure before the status.
 */
export class StreamedAnswer extends SignalledHandler implements Dispatcher.DispatchHandler, UpstreamBody {
  private status = 0;
  private headers: Record<string, string | string[] | undefined> = {};
  /** Reads received and not yet given to a reader. */
  private kept: Buffer[] = [];
  private keptBytes = 0;
  private reader: BodyReader | null = null;
  private paused = false;
  /** The upstream's body ended (`ended`) or failed (`failure`); the reader learns it once `kept` is empty. */
  private ended = false;
  private failure: Error | null = null;
  /** Nothing more goes to a reader: told the end, destroyed or discarded. */
  private closed = false;
  /** The answer's status arrived (the promise settled) or the call failed before it. */
  private answered = false;
  private readonly errorChunks: Buffer[] = [];
  private errorBytes = 0;
  private released = false;

  constructor(
    private readonly providerId: string,
    signal: CallSignal,
    private readonly resolve: (response: StreamedUpstreamResponse) => void,
    private readonly reject: (error: unknown) => void,
    /** Called once when the upstream call is over (its connection slot is free). */
    private readonly release: (() => void) | null,
  ) {
    super(signal);
  }

  get finished(): boolean {
    return this.closed;
  }

  // --- undici's side (onRequestStart: SignalledHandler)

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    this.status = statusCode;
    this.headers = headers;
    if (statusCode < 200 || statusCode >= 300) return;
    this.answered = true;
    this.resolve({ status: statusCode, headers, body: this });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.answered) {
      // An error answer: read up to what explains it, then the call is dropped.
      this.errorChunks.push(chunk);
      this.errorBytes += chunk.length;
      if (this.errorBytes >= MAX_ERROR_BODY) {
        this.rejectStatus();
        controller.abort(new Error('error body too large'));
      }
      return;
    }
    if (this.closed) return;
    const reader = this.reader;
    if (reader !== null && !this.paused && this.kept.length === 0) return reader.data(chunk);
    this.kept.push(chunk);
    this.keptBytes += chunk.length;
    if (this.keptBytes > KEEP_BYTES || this.paused) controller.pause();
  }

  onResponseEnd(): void {
    this.finishCall();
    if (!this.answered) return this.rejectStatus();
    this.ended = true;
    this.deliver();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.finishCall();
    if (!this.answered) {
      this.answered = true;
      this.reject(mapTransportError(this.providerId, error, this.signal));
      return;
    }
    if (this.ended) return;
    this.failure = error;
    this.deliver();
  }

  // --- the reader's side (UpstreamBody)

  read(reader: BodyReader | null): void {
    this.reader = reader;
    if (reader === null) {
      if (!this.ended && this.failure === null) this.controller?.pause();
      return;
    }
    this.deliver();
  }

  unshift(chunk: Buffer): void {
    if (this.closed) return;
    this.kept.unshift(chunk);
    this.keptBytes += chunk.length;
  }

  pause(): void {
    this.paused = true;
    if (!this.ended && this.failure === null) this.controller?.pause();
  }

  resume(): void {
    this.paused = false;
    this.deliver();
  }

  destroy(): void {
    if (this.closed) return;
    this.close();
    if (!this.ended && this.failure === null) {
      // Aborting the call closes its connection, which cancels the upstream's generation.
      this.failure = new Error('The upstream body was destroyed');
      this.controller?.abort(this.failure);
    }
  }

  discard(): void {
    if (this.closed) return;
    this.close();
    if (!this.ended && this.failure === null) this.controller?.resume();
  }

  /** Hand what is kept, then the end or the failure, to the reader while it reads. */
  private deliver(): void {
    while (!this.closed && this.reader !== null && !this.paused) {
      const reader = this.reader;
      const chunk = this.kept.shift();
      if (chunk !== undefined) {
        this.keptBytes -= chunk.length;
        reader.data(chunk);
        continue;
      }
      if (this.ended) {
        this.close();
        return reader.end();
      }
      if (this.failure !== null) {
        this.close();
        return reader.error(this.failure);
      }
      this.controller?.resume();
      return;
    }
  }

  /** Reject with what the error answer's status and body (its first 64 KiB) map to. */
  private rejectStatus(): void {
    if (this.answered) return;
    this.answered = true;
    this.close();
    this.finishCall();
    const text = Buffer.concat(this.errorChunks).subarray(0, MAX_ERROR_BODY).toString('utf8');
    this.reject(mapUpstreamStatus(this.providerId, this.status, this.headers, text));
  }

  private close(): void {
    this.closed = true;
    this.reader = null;
    this.kept = [];
    this.keptBytes = 0;
  }

  private finishCall(): void {
    this.unlisten();
    if (this.released) return;
    this.released = true;
    this.release?.();
  }
}
