import { createHash, randomBytes } from 'node:crypto';
import type * as IoRedis from 'ioredis';
import type { AccountState, AdmissionOutcome, AdmissionPlan, LimitStore, Settlement, WindowState } from './limit-store.js';
import { ADMIT_SCRIPT, APPLY_SYNC_SCRIPT, SETTLE_SCRIPT } from './redis-scripts.js';

/** Options of a {@link RedisLimitStore}. */
export interface RedisLimitStoreOptions {
  /** `redis://host:port[/db]`. */
  readonly url: string;
  /** Key prefix, so several deployments (or test runs) can share one Redis. */
  readonly prefix?: string;
  /** Longest wait for one command before admission answers 503, ms. */
  readonly commandTimeoutMs?: number;
}

/** How long a process's holds outlive its last heartbeat (it is refreshed every third of this). */
const HEARTBEAT_TTL_MS = 30_000;

type RedisReply = string | number | null | RedisReply[];

// ioredis loads only when a Redis URL is configured: a single-process gateway never needs it.
let loadedIoRedis: Promise<typeof IoRedis> | undefined;

/**
 * Holds and windows in Redis, shared by every gateway process that uses the same Redis: each
 * admission is one Lua script, so check-then-hold is atomic across processes.
 */
export class RedisLimitStore implements LimitStore {
  private readonly redis: IoRedis.Redis;
  private readonly prefix: string;
  /** This process's id in hold fields. */
  private readonly proc = randomBytes(6).toString('hex');
  private readonly heartbeat: NodeJS.Timeout;
  private readonly shas = new Map<string, string>();

  /** Load the Redis client and start connecting; {@link ready} waits for the connection. */
  static async create(options: RedisLimitStoreOptions): Promise<RedisLimitStore> {
    const { Redis } = await (loadedIoRedis ??= import('ioredis'));
    return new RedisLimitStore(options, Redis);
  }

  private constructor(options: RedisLimitStoreOptions, Redis: typeof IoRedis.Redis) {
    this.prefix = options.prefix ?? 'tf:';
    // No offline queue: when Redis is down a command fails at once (admission answers 503) instead
    // of waiting in memory for a reconnect.
    this.redis = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 2_000,
      lazyConnect: false,
    });
    this.redis.on('error', () => undefined);
    this.heartbeat = setInterval(() => void this.beat().catch(() => undefined), HEARTBEAT_TTL_MS / 3);
    this.heartbeat.unref();
  }

  /** Wait until connected (at most `timeoutMs`, so a wrong URL fails the start) and announce this process. */
  async ready(timeoutMs = 5_000): Promise<void> {
    if (this.redis.status !== 'ready') {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.redis.disconnect();
          reject(new Error(`Cannot connect to Redis within ${timeoutMs} ms.`));
        }, timeoutMs);
        this.redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await this.beat();
  }

  /** Check and hold in one script. */
  async admit(plan: AdmissionPlan): Promise<AdmissionOutcome> {
    const windowStartMs = plan.nowMs - (plan.nowMs % plan.windowMs);
    const keys = [...plan.accounts.map((a) => this.accountKey(a.id)), ...plan.windows.map((w) => this.windowKey(w.id, windowStartMs))];
    const args: (string | number)[] = [plan.accounts.length, plan.windows.length, this.proc, this.prefix, plan.windowMs];
    for (const a of plan.accounts) args.push(a.holdNano.toString(), a.enforce ? '1' : '0');
    for (const w of plan.windows) args.push(w.limit, w.units);
    const reply = (await this.run(ADMIT_SCRIPT, keys, args)) as RedisReply[];
    const resetAtMs = windowStartMs + plan.windowMs;
    const tag = reply[0];
    if (tag === 'unknown') return { ok: false, reason: 'unknown_accounts', ids: reply.slice(1).map((i) => plan.accounts[Number(i) - 1]!.id) };
    if (tag === 'exhausted') return { ok: false, reason: 'exhausted', id: plan.accounts[Number(reply[1]) - 1]!.id };
    if (tag === 'rate') {
      const w = plan.windows[Number(reply[1]) - 1]!;
      return { ok: false, reason: 'rate_limited', window: { id: w.id, limit: w.limit, used: Number(reply[2]), resetAtMs } };
    }
    const windows: WindowState[] = plan.windows.map((w, k) => ({ id: w.id, limit: w.limit, used: Number(reply[k + 1]), resetAtMs }));
    return { ok: true, windows, windowStartMs };
  }

  /** Release and correct in one script. */
  async settle(settlement: Settlement): Promise<void> {
    const keys = [
      ...settlement.accounts.map((a) => this.accountKey(a.id)),
      ...settlement.windows.map((w) => this.windowKey(w.id, settlement.windowStartMs)),
    ];
    const args: (string | number)[] = [settlement.accounts.length, settlement.windows.length, this.proc];
    for (const a of settlement.accounts) args.push((-a.holdNano).toString(), a.costNano.toString());
    for (const w of settlement.windows) args.push(w.delta);
    await this.run(SETTLE_SCRIPT, keys, args);
  }

  /** One counter for every process. */
  async nextSyncSeq(): Promise<number> {
    return this.redis.incr(`${this.prefix}syncseq`);
  }

  /** Store a newer base; forget confirmed unwritten spend of this process. */
  async applySync(id: string, baseNano: bigint, seq: number, confirmedNano: bigint): Promise<void> {
    await this.run(APPLY_SYNC_SCRIPT, [this.accountKey(id)], [baseNano.toString(), seq, (-confirmedNano).toString(), this.proc]);
  }

  /** An account's state, summed over live processes. */
  async read(id: string): Promise<AccountState | null> {
    const fields = await this.redis.hgetall(this.accountKey(id));
    if (fields.base === undefined) return null;
    let unwrittenNano = 0n;
    let holdsNano = 0n;
    for (const [f, v] of Object.entries(fields)) {
      if (f.startsWith('u:')) unwrittenNano += BigInt(v);
      if (f.startsWith('h:')) holdsNano += BigInt(v);
    }
    return { baseNano: BigInt(fields.base), unwrittenNano, holdsNano, seq: Number(fields.seq ?? 0) };
  }

  /** Withdraw this process (its holds vanish with its heartbeat) and disconnect. */
  /** One PING round trip (fails at once while disconnected: there is no offline queue). */
  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.redis.del(`${this.prefix}proc:${this.proc}`).catch(() => undefined);
    this.redis.disconnect();
  }

  private async beat(): Promise<void> {
    await this.redis.set(`${this.prefix}proc:${this.proc}`, '1', 'PX', HEARTBEAT_TTL_MS);
  }

  private accountKey(id: string): string {
    return `${this.prefix}acct:${id}`;
  }

  private windowKey(id: string, windowStartMs: number): string {
    return `${this.prefix}win:${id}:${windowStartMs}`;
  }

  /** EVALSHA, loading the script once per connection (NOSCRIPT after a Redis restart reloads it). */
  private async run(script: string, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    let sha = this.shas.get(script);
    if (sha === undefined) {
      sha = createHash('sha1').update(script).digest('hex');
      this.shas.set(script, sha);
    }
    try {
      return await this.redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.redis.eval(script, keys.length, ...keys, ...args);
    }
  }
}
