import type * as IoRedis from 'ioredis';

/** Options of {@link RedisCooldowns}. */
export interface RedisCooldownsOptions {
  readonly url: string;
  /** Key prefix shared by the gateway's processes (`tf:`). */
  readonly prefix?: string;
}

/**
 * Cooldowns of upstream deployments and credentials shared by every gateway process: a process that
 * opens a circuit writes `<prefix>cooldown:<key>` = reopen time (expiring then); the others read the
 * keys they know in the background (`read`), never on a request's path.
 */
export class RedisCooldowns {
  private readonly prefix: string;

  private constructor(
    private readonly redis: IoRedis.Redis,
    prefix: string,
  ) {
    this.prefix = `${prefix}cooldown:`;
  }

  /** Load the Redis client and connect (commands fail fast while disconnected: no offline queue). */
  static async create(options: RedisCooldownsOptions): Promise<RedisCooldowns> {
    const { Redis } = await import('ioredis');
    const redis = new Redis(options.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2_000, lazyConnect: false });
    redis.on('error', () => undefined);
    return new RedisCooldowns(redis, options.prefix ?? 'tf:');
  }

  /** Publish that `key` is out until `untilMs` (best effort: a lost write only means less sharing). */
  open(key: string, untilMs: number): void {
    const ttl = Math.max(1, Math.ceil(untilMs - Date.now()));
    this.redis.set(this.prefix + key, String(untilMs), 'PX', ttl).catch(() => undefined);
  }

  /** Publish that `key` recovered. */
  close(key: string): void {
    this.redis.del(this.prefix + key).catch(() => undefined);
  }

  /** Reopen times of those of `keys` some process put in cooldown. */
  async read(keys: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (keys.length === 0) return out;
    const values = await this.redis.mget(...keys.map((k) => this.prefix + k));
    values.forEach((value, i) => {
      const until = Number(value);
      if (value !== null && Number.isFinite(until)) out.set(keys[i]!, until);
    });
    return out;
  }

  disconnect(): void {
    this.redis.disconnect();
  }
}
