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
 * path never waits on the store in steady state and a change shows within about `ttlMs`. A value
 * older than twice `ttlMs` (nobody asked for it in a while) is not served at all: the read waits,
 * so a project blocked an hour ago cannot let one more request through on an hour-old value.
 */
export class RefreshingCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  /** Bumped by {@link invalidate}: a read begun before it must not store what it read. */
  private generation = 0;

  constructor(private readonly options: RefreshingCacheOptions<V>) {}

  /** The value for `id`, from memory when present. */
  get(id: string): Promise<V> {
    const entry = this.entries.get(id);
    if (entry !== undefined) {
      const age = this.options.now() - entry.loadedAt;
      if (age >= 2 * this.options.ttlMs) return this.fetch(id);
      if (!entry.refreshing && age >= this.options.ttlMs) {
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

  /** Forget a value (the next `get` reads the store, even if a read was under way when it changed). */
  invalidate(id: string): void {
    this.entries.delete(id);
    this.loading.delete(id);
    this.generation++;
  }

  private fetch(id: string): Promise<V> {
    const running = this.loading.get(id);
    if (running !== undefined) return running;
    const started = this.options.now();
    const generation = this.generation;
    const promise = this.options.load(id).then(
      (value) => {
        if (generation === this.generation) this.entries.set(id, { value: Promise.resolve(value), loadedAt: started, refreshing: false });
        return value;
      },
    ).finally(() => {
      if (this.loading.get(id) === promise) this.loading.delete(id);
    });
    this.loading.set(id, promise);
    return promise;
  }
}
