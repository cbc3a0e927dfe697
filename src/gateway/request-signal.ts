import type { CallSignal } from '../providers/provider.js';

/**
 * The cancellation of one inference request: aborted when the client goes away. A plain object with
 * the part of AbortSignal that providers read ({@link CallSignal}) rather than an AbortController,
 * whose AbortSignal (an EventTarget) costs 5-10 µs to create on Node 20; almost every request
 * finishes without being aborted, and most never get a listener.
 */
export class RequestSignal implements CallSignal {
  aborted = false;
  reason: unknown = undefined;
  private listeners: (() => void)[] | null = null;

  /** `onUpstreamWait` receives the time calls of this request waited for a free upstream connection. */
  constructor(private readonly onUpstreamWait?: (ms: number) => void) {}

  noteUpstreamWait(ms: number): void {
    this.onUpstreamWait?.(ms);
  }

  /** Abort once with `reason`, calling each listener once (listeners are all one-shot, like `once: true`). */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.listeners;
    this.listeners = null;
    if (listeners === null) return;
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        // As EventTarget does: report the error without skipping the other listeners.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** Call `listener` on abort; as with AbortSignal, never for a signal already aborted, and once per function. */
  addEventListener(_type: 'abort', listener: () => void): void {
    if (this.aborted) return;
    const listeners = (this.listeners ??= []);
    if (!listeners.includes(listener)) listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const listeners = this.listeners;
    if (listeners === null) return;
    const at = listeners.indexOf(listener);
    if (at >= 0) listeners.splice(at, 1);
  }
}
