import type { IncomingHttpHeaders } from 'node:http';
import type { CachedKey, KeyCache } from '../../auth/key-cache.js';
import type { KeyUsageSnapshots } from '../../billing/key-usage-snapshots.js';
import { GatewayError, isGatewayError } from '../../core/errors.js';
import { formatUsd } from '../../core/money.js';
import type { ProjectLimits } from '../../limits/limit-settings-repository.js';
import type { LimitStore } from '../../limits/limit-store.js';
import { authenticate } from '../authenticate.js';

/** Options of {@link KeySelfCheck}. */
export interface KeySelfCheckOptions {
  readonly keys: KeyCache;
  readonly snapshots: KeyUsageSnapshots;
  readonly store: LimitStore;
  readonly projectLimits: (projectId: string) => Promise<ProjectLimits>;
  readonly keyBudget: (keyId: string) => Promise<bigint | null>;
  /** Requests per minute per client address and per key (12 000). */
  readonly rpm: number;
  readonly now: () => number;
}

/** The body of `GET /v1/key`: the key's own record, never the organization's balance or other keys. */
export interface KeySelfCheckBody {
  readonly object: 'api_key';
  readonly name: string;
  readonly prefix: string;
  readonly expires_at: string | null;
  readonly allowed_models: readonly string[] | null;
  readonly limits: { readonly rpm: number | null; readonly tpm: number | null };
  readonly budgets: { readonly key_monthly_usd: string | null; readonly project_monthly_usd: string | null };
  readonly usage: string | null;
  readonly as_of: string | null;
  readonly snapshot_id: string | null;
  readonly latest_settled_usage_at: string | null;
  readonly unsettled_records: number | null;
}

/** `GET /v1/key`: authenticate, apply its own rate limit, present the key's record. Never billed. */
export class KeySelfCheck {
  constructor(private readonly options: KeySelfCheckOptions) {}

  /** Answer one self-check; throws 401 (bad key), 429 (its own limit) or 503 (cannot check now). */
  async check(headers: IncomingHttpHeaders, ip: string): Promise<KeySelfCheckBody> {
    await this.limit(`rpm:keycheck:ip:${ip}`);
    let key: CachedKey;
    try {
      key = await authenticate(headers, this.options.keys, this.options.now());
    } catch (error) {
      if (isGatewayError(error)) throw error;
      throw new GatewayError('GW_METERING_UNAVAILABLE', 'The key cannot be checked right now; retry shortly.', { retryAfterSeconds: 5, cause: error });
    }
    await this.limit(`rpm:keycheck:key:${key.id}`);
    const [limits, keyBudget, snapshot] = await Promise.all([
      this.options.projectLimits(key.projectId),
      this.options.keyBudget(key.id),
      this.options.snapshots.get(key.id),
    ]).catch((error: unknown) => {
      throw new GatewayError('GW_METERING_UNAVAILABLE', 'The key cannot be checked right now; retry shortly.', { retryAfterSeconds: 5, cause: error });
    });
    return {
      object: 'api_key',
      name: key.name,
      prefix: key.prefix,
      expires_at: key.expiresAt === null ? null : new Date(key.expiresAt).toISOString(),
      allowed_models: key.allowedModels,
      limits: { rpm: limits.rpm, tpm: limits.tpm },
      budgets: {
        key_monthly_usd: keyBudget === null ? null : formatUsd(keyBudget),
        project_monthly_usd: limits.budgetNano === null ? null : formatUsd(limits.budgetNano),
      },
      usage: snapshot === null ? null : formatUsd(snapshot.statistics.settledNano),
      as_of: snapshot === null ? null : new Date(snapshot.asOf).toISOString(),
      snapshot_id: snapshot?.snapshotId ?? null,
      latest_settled_usage_at: snapshot?.statistics.latestSettledAt == null ? null : new Date(snapshot.statistics.latestSettledAt).toISOString(),
      unsettled_records: snapshot === null ? null : snapshot.statistics.unsettledRecords,
    };
  }

  private async limit(id: string): Promise<void> {
    const now = this.options.now();
    const outcome = await this.options.store
      .admit({ accounts: [], windows: [{ id, limit: this.options.rpm, units: 1 }], nowMs: now, windowMs: 60_000 })
      .catch((error: unknown) => {
        throw new GatewayError('GW_METERING_UNAVAILABLE', 'The key cannot be checked right now; retry shortly.', { retryAfterSeconds: 5, cause: error });
      });
    if (!outcome.ok && outcome.reason === 'rate_limited') {
      const retryAfterSeconds = Math.max(1, Math.ceil((outcome.window.resetAtMs - now) / 1000));
      throw new GatewayError('GW_RATE_LIMITED', `Too many key checks; retry in ${retryAfterSeconds}s.`, { retryAfterSeconds });
    }
  }
}
