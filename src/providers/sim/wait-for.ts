import type { CallSignal } from '../provider.js';

/**
 * Wait `ms` milliseconds, rejecting with the signal's reason as soon as it aborts. The timer and the
 * abort listener are both removed whichever comes first, so nothing is left behind.
 */
export function waitFor(ms: number, signal: CallSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  if (ms <= 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** What to throw for an aborted signal: its reason, as fetch and undici do. */
export function abortReason(signal: CallSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}
