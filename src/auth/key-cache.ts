/** What the gateway needs to know about an inference key. */
export interface CachedKey {
  readonly id: string;
  readonly orgId: string;
  readonly projectId: string;
  readonly name: string;
  readonly prefix: string;
  readonly hash: string;
  readonly disabled: boolean;
  /** Expiry in ms since epoch, or null. */
  readonly expiresAt: number | null;
  /** Model ids this key may call, or null for all. */
  readonly allowedModels: readonly string[] | null;
  /** Last change, ms since epoch; drives incremental refresh. */
  readonly updatedAt: number;
  /**
   * Set only on the stand-in "key" of a console playground request: the person it is made for.
   * Such a key is no key (empty id, no secret, no budget): the request log records no key id,
   * `source: playground` and this user; admission holds against the organization and project only.
   */
  readonly playgroundUserId?: string;
}

/** Where keys come from (the store); injected so the cache is testable. */
export interface KeySource {
  /** One key by secret hash, or null. */
  findByHash(hash: string): Promise<CachedKey | null>;
  /** Keys created or changed at or after `sinceMs`. */
  listChangedSince(sinceMs: number): Promise<CachedKey[]>;
}

/** Options of a {@link KeyCache}. */
export interface KeyCacheOptions {
  readonly source: KeySource;
  /** How often changed keys are re-read; bounds how long a console change takes to apply. */
  readonly refreshMs: number;
  /** How long an unknown hash is remembered as unknown (stops a bad client hammering the store). */
  readonly negativeTtlMs: number;
  readonly now: () => number;
  readonly onError: (error: unknown) => void;
}

/**
 * Keys served from memory. A miss reads the store once (then the key is cached); every `refreshMs`
 * the keys changed since the last refresh are re-read, so a disabled key stops working within that
 * period on every process without a database round trip per request.
 */
export class KeyCache {
  private readonly byHash = new Map<string, CachedKey>();
  private readonly unknown = new Map<string, number>();
  private watermark = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: KeyCacheOptions) {}

  /** Start periodic refresh. */
  start(): void {
    this.watermark = this.options.now();
    this.timer = setInterval(() => void this.refresh(), this.options.refreshMs);
    this.timer.unref();
  }

  /** Stop periodic refresh. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A key already in memory, without waiting (the hot path's common case); undefined when {@link get} must look. */
  peek(hash: string): CachedKey | undefined {
    return this.byHash.get(hash);
  }

  /** The key with this hash; from memory when known, else from the store. */
  async get(hash: string): Promise<CachedKey | null> {
    const hit = this.byHash.get(hash);
    if (hit) return hit;
    const unknownUntil = this.unknown.get(hash);
    if (unknownUntil !== undefined && unknownUntil > this.options.now()) return null;
    const found = await this.options.source.findByHash(hash);
    if (found) {
      this.byHash.set(hash, found);
      this.unknown.delete(hash);
    } else {
      if (this.unknown.size > 10_000) this.unknown.clear();
      this.unknown.set(hash, this.options.now() + this.options.negativeTtlMs);
    }
    return found;
  }

  /** Re-read keys changed since the last refresh (overlapping by one period against clock skew). */
  async refresh(): Promise<void> {
    const started = this.options.now();
    try {
      const changed = await this.options.source.listChangedSince(this.watermark - this.options.refreshMs);
      for (const key of changed) {
        this.byHash.set(key.hash, key);
        this.unknown.delete(key.hash);
      }
      this.watermark = started;
    } catch (error) {
      this.options.onError(error);
    }
  }
}
