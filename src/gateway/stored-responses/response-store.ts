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

/** Where stored responses live (the SQL store in production, memory in unit tests). */
export interface ResponseStore {
  /** Save one response. */
  save(response: StoredResponse): Promise<void>;
  /** The response with this id if it belongs to `projectId`, else null (another project's id looks unknown). */
  find(projectId: string, id: string): Promise<StoredResponse | null>;
}

/** A process-local store, used when no database-backed store is configured. */
export function createMemoryResponseStore(): ResponseStore {
  const rows = new Map<string, StoredResponse>();
  return {
    save: async (response) => {
      rows.set(response.id, response);
    },
    find: async (projectId, id) => {
      const row = rows.get(id);
      return row !== undefined && row.projectId === projectId ? row : null;
    },
  };
}
