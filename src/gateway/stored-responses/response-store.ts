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

/** Where stored responses live (the SQL store in production, memory in unit tests). */
export interface ResponseStore {
  /** Save one response. */
  save(response: StoredResponse): Promise<void>;
  /** The response with this id if it belongs to `projectId`, else null (another project's id looks unknown). */
  find(projectId: string, id: string): Promise<StoredResponse | null>;
  /**
   * Message threads continue a stored message once: atomically mark `id` (of `projectId`) as being
   * continued by request `by` at `claim.at`, unless it already was, or another request holds it and
   * claimed it at or after `claim.staleBefore` (an older claim is one a dead process left behind).
   */
  claimContinue(projectId: string, id: string, by: string, claim: ClaimTimes): Promise<ContinueClaim>;
  /** The continuation `by` finished: `id` stays continued (`done`) or is free again (it failed). */
  endContinue(id: string, by: string, outcome: { readonly done: boolean; readonly at: number }): Promise<void>;
}

/** A process-local store, used when no database-backed store is configured. */
export function createMemoryResponseStore(): ResponseStore {
  const rows = new Map<string, StoredResponse>();
  const continued = new Map<string, { by: string; claimedAt: number; at: number | null }>();
  return {
    claimContinue: async (projectId, id, by, claim) => {
      if (rows.get(id)?.projectId !== projectId) return 'missing';
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
    find: async (projectId, id) => {
      const row = rows.get(id);
      return row !== undefined && row.projectId === projectId ? row : null;
    },
  };
}
