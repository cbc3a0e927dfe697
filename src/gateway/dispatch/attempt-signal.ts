import type { CallSignal } from '../../providers/provider.js';
import { RequestSignal } from '../request-signal.js';

/**
 * The signal of one attempt: aborted with the request (client gone), or alone when the router
 * abandons the attempt (no first token in time) without cancelling the request itself.
 */
export function attemptSignal(parent: CallSignal): RequestSignal {
  // Waits for a free upstream connection are the request's, for its log entry.
  const child = new RequestSignal(parent.noteUpstreamWait === undefined ? undefined : (ms) => parent.noteUpstreamWait!(ms));
  if (parent.aborted) child.abort(parent.reason);
  else parent.addEventListener('abort', () => child.abort(parent.reason), { once: true });
  return child;
}

/** Resolve after `ms`, or reject at once with the signal's reason when it aborts. */
export function sleep(ms: number, signal: CallSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
