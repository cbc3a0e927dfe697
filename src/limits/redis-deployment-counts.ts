import type * as IoRedis from 'ioredis';

/** Requests and tokens of one deployment in one minute. */
export interface DeploymentCounts {
  readonly requests: number;
  readonly tokens: number;
}

/** Options of {@link RedisDeploymentCounts}. */
export interface RedisDeploymentCountsOptions {
  readonly url: string;
  /** Key prefix shared by the gateway's processes (`tf:`). */
  readonly prefix?: string;
}

/** A minute's counts are kept a minute past its end, then expire. */
const KEEP_MS = 120_000;

/**
 * Per-minute request and token counts of upstream deployments shared by every gateway process (their
 * own `rpm` / `tpm`): each process adds what it counted to `<prefix>deployment-load:<minute>:<key>`
 * (a hash of `r` and `t`) and reads the totals back, in the background every half second, never
 * on a request's path.
 */
export class RedisDeploymentCounts {
  private readonly prefix: string;

  private constructor(
    private readonly redis: IoRedis.Redis,
    prefix: string,
  ) {
    this.prefix = `${prefix}deployment-load:`;
  }

  /** Load the Redis client and connect (commands fail fast while disconnected: no offline queue). */
  static async create(options: RedisDeploymentCountsOptions): Promise<RedisDeploymentCounts> {
    const { Redis } = await import('ioredis');
    const redis = new Redis(options.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2_000, lazyConnect: false });
    redis.on('error', () => undefined);
    return new RedisDeploymentCounts(redis, options.prefix ?? 'tf:');
  }

  /** Add this process's `pending` counts of the minute starting at `windowStart`, and read every process's totals of `keys`. */
  async exchange(windowStart: number, pending: ReadonlyMap<string, DeploymentCounts>, keys: readonly string[]): Promise<Map<string, DeploymentCounts>> {
    const out = new Map<string, DeploymentCounts>();
    if (keys.length === 0 && pending.size === 0) return out;
    const at = `${this.prefix}${windowStart}:`;
    const batch = this.redis.multi();
    for (const [key, counts] of pending) {
      if (counts.requests !== 0) batch.hincrby(at + key, 'r', counts.requests);
      if (counts.tokens !== 0) batch.hincrby(at + key, 't', counts.tokens);
      batch.pexpire(at + key, KEEP_MS);
    }
    for (const key of keys) batch.hmget(at + key, 'r', 't');
    const results = (await batch.exec()) ?? [];
    const reads = results.slice(results.length - keys.length);
    reads.forEach(([error, value], i) => {
      if (error !== null || !Array.isArray(value)) return;
      const [r, t] = value as (string | null)[];
      out.set(keys[i]!, { requests: Number(r ?? 0), tokens: Number(t ?? 0) });
    });
    return out;
  }

  disconnect(): void {
    this.redis.disconnect();
  }
}
