import type { KeyCache } from '../auth/key-cache.js';
import type { Catalogue } from '../catalog/types.js';
import type { Provider } from '../providers/provider.js';
import type { RequestLogEntry } from './request-record.js';

/** What the gateway routes need, injected by the composition root. */
export interface GatewayDeps {
  /** The current catalogue (swapped atomically on reload). */
  readonly catalogue: () => Catalogue;
  /** Providers by catalogue id, matching the current catalogue. */
  readonly providers: () => ReadonlyMap<string, Provider>;
  readonly keys: KeyCache;
  /** Receives one entry per request; must not block. */
  readonly recordRequest: (entry: RequestLogEntry) => void;
  /** Milliseconds since epoch. */
  readonly now: () => number;
}
