/** A stored `/v1/responses` answer. */
export interface StoredResponse {
  /** `resp_…` id. */
  readonly id: string;
  readonly orgId: string;
  /** Project that owns it; other projects cannot see it. */
  readonly projectId: string;
  readonly keyId: string | null;
  /** Catalogue model id that answered. */
  readonly model: string;
  /** Input items of the whole conversation so far, this response's output included. */
  readonly conversation: readonly unknown[];
  /** The response object as sent. */
  readonly response: Readonly<Record<string, unknown>>;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
}

/**
 * The outcome of claiming a stored message to continue its thread: `claimed` (this request holds it),
 * `missing` (unknown here), `in_flight` (another request holds it) or `continued` (already done).
 */
export type ContinueClaim = 'claimed' | 'missing' | 'in_flight' | 'continued';

/** When a claim is made, and the claim time before which another request's claim counts as abandoned. */
export interface ClaimTimes {
  readonly at: number;
  readonly staleBefore: number;
}

/**
 * How long stored responses (and message threads) are kept. One older than this reads as unknown at
 * once, though the periodic sweep deletes it later: what a client sees does not hang on the sweep.
 */
export interface ResponseRetention {
  /** Age at which a stored response expires, ms; null keeps them for ever. */
  readonly retentionMs: number | null;
  /** Clock, ms since the epoch. */
  readonly now: () => number;
}

/** Responses created before the returned time have expired; null when nothing expires. */
export function expiredBefore(retention: ResponseRetention | undefined): number | null {
  if (retention === undefined || retention.retentionMs === null) return null;
  return retention.now() - retention.retentionMs;
}

/** Where stored responses live (the SQL store in production, memory in unit tests). */
export interface ResponseStore {
  /** Save one response. */
  save(response: StoredResponse): Promise<void>;
  /**
   * The response with this id if it belongs to `projectId` and has not expired, else null (another
   * project's or an expired id looks unknown).
   */
  find(projectId: string, id: string): Promise<StoredResponse | null>;
  /**
   * Message threads continue a stored message once: atomically mark `id` (of `projectId`) as being
   * continued by request `by` at `claim.at`, unless it already was, or another request holds it and
   * claimed it at or after `claim.staleBefore` (an older claim is one a dead process left behind).
   */
  claimContinue(projectId: string, id: string, by: string, claim: ClaimTimes): Promise<ContinueClaim>;
  /** The continuation `by` finished: `id` stays continued (`done`) or is free again (it failed). */
  endContinue(id: string, by: string, outcome: { readonly done: boolean; readonly at: number }): Promise<void>;
  /**
   * Delete up to `limit` responses created before `before`, oldest first, and say how many this call
   * deleted. Safe while other processes do the same: each row is deleted and counted once.
   */
  deleteCreatedBefore(before: number, limit: number): Promise<number>;
}

/** A process-local store, used when no database-backed store is configured. */
export function createMemoryResponseStore(retention?: ResponseRetention): ResponseStore {
  const rows = new Map<string, StoredResponse>();
  const continued = new Map<string, { by: string; claimedAt: number; at: number | null }>();
  const live = (id: string, projectId: string): StoredResponse | null => {
    const row = rows.get(id);
    const cutoff = expiredBefore(retention);
    return row !== undefined && row.projectId === projectId && (cutoff === null || row.createdAt >= cutoff) ? row : null;
  };
  return {
    claimContinue: async (projectId, id, by, claim) => {
      if (live(id, projectId) === null) return 'missing';
      const held = continued.get(id);
      if (held !== undefined && held.at !== null) return 'continued';
      if (held !== undefined && held.claimedAt >= claim.staleBefore) return 'in_flight';
      continued.set(id, { by, claimedAt: claim.at, at: null });
      return 'claimed';
    },
    endContinue: async (id, by, outcome) => {
      const held = continued.get(id);
      if (held?.by !== by) return;
      if (outcome.done) continued.set(id, { ...held, at: outcome.at });
      else continued.delete(id);
    },
    save: async (response) => {
      rows.set(response.id, response);
    },
    find: async (projectId, id) => live(id, projectId),
    deleteCreatedBefore: async (before, limit) => {
      const expired = [...rows.values()].filter((row) => row.createdAt < before).sort((a, b) => a.createdAt - b.createdAt).slice(0, limit);
      for (const row of expired) {
        rows.delete(row.id);
        continued.delete(row.id);
      }
      return expired.length;
    },
  };
}
