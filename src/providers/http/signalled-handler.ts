import type { Dispatcher } from 'undici';
import type { CallSignal } from '../provider.js';

/**
 * The part of an undici dispatch handler that ties the call to its {@link CallSignal}: once the
 * request starts, an abort of the signal aborts the call (before or after the answer's status).
 */
export abstract class SignalledHandler {
  protected controller: Dispatcher.DispatchController | null = null;
  private readonly onAbort = () => this.controller?.abort(this.signal.reason instanceof Error ? this.signal.reason : new Error('aborted'));

  constructor(protected readonly signal: CallSignal) {}

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.signal.aborted) return this.onAbort();
    this.signal.addEventListener('abort', this.onAbort);
  }

  /** Stop listening to the signal: the call is over. */
  protected unlisten(): void {
    this.signal.removeEventListener('abort', this.onAbort);
  }
}
