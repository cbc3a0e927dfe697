/** Options of a {@link RefreshingCache}. */
export interface RefreshingCacheOptions<V> {
  /** Read one value from the store. */
  readonly load: (id: string) => Promise<V>;
  /** Age after which a value is re-read in the background (the staleness bound of a console change). */
  readonly ttlMs: number;
  readonly now: () => number;
  readonly onError: (error: unknown) => void;
}

interface Entry<V> {
  /** The value, already resolved: handed out as is, so a hit allocates nothing. */
  value: Promise<V>;
  loadedAt: number;
  refreshing: boolean;
}

/**
 * Values served from memory: a miss waits for one store read (concurrent misses share it); a
 * value older than `ttlMs` is served once more while it is re-read in the background, so the hot
 * path never waits on the store in steady state and a change shows within about `ttlMs`.
 */
export class RefreshingCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();

  constructor(private readonly options: RefreshingCacheOptions<V>) {}

  /** The value for `id`, from memory when present. */
  get(id: string): Promise<V> {
    const entry = this.entries.get(id);
    if (entry !== undefined) {
      if (!entry.refreshing && this.options.now() - entry.loadedAt >= this.options.ttlMs) {
        entry.refreshing = true;
        this.fetch(id).then(
          () => undefined,
          (error: unknown) => {
            entry.refreshing = false;
            this.options.onError(error);
          },
        );
      }
      return entry.value;
    }
    return this.fetch(id);
  }

  /** Forget a value (the next `get` reads the store). */
  invalidate(id: string): void {
    this.entries.delete(id);
  }

  private fetch(id: string): Promise<V> {
    const running = this.loading.get(id);
    if (running !== undefined) return running;
    const started = this.options.now();
    const promise = this.options.load(id).then(
      (value) => {
        this.entries.set(id, { value: Promise.resolve(value), loadedAt: started, refreshing: false });
        return value;
      },
    ).finally(() => this.loading.delete(id));
    this.loading.set(id, promise);
    return promise;
  }
}
