import type { ExpressionBuilder, Kysely } from 'kysely';
import { isJsonObject, safeParseJson } from '../../core/json.js';
import type { DialectInfo } from '../../store/dialect.js';
import type { Database } from '../../store/schema.js';
import { expiredBefore, type ContinueClaim, type ResponseRetention, type ResponseStore, type StoredResponse } from './response-store.js';

/** Options of {@link createSqlResponseStore}. */
export interface SqlResponseStoreOptions {
  /** The engine's capabilities (row locks that skip what another sweep holds); default: none. */
  readonly dialect?: Pick<DialectInfo, 'skipLocked'>;
  /** How long responses stay readable; default: for ever. */
  readonly retention?: ResponseRetention;
}

/** Stored responses in the `stored_responses` table (SQLite or PostgreSQL). */
export function createSqlResponseStore(db: Kysely<Database>, options: SqlResponseStoreOptions = {}): ResponseStore {
  const skipLocked = options.dialect?.skipLocked ?? false;
  // Rows past the retention read as absent, whether or not the sweep has deleted them yet.
  const live = (eb: ExpressionBuilder<Database, 'stored_responses'>) => {
    const cutoff = expiredBefore(options.retention);
    return cutoff === null ? eb.lit(true) : eb('created_at', '>=', cutoff);
  };
  return {
    async save(response) {
      await db
        .insertInto('stored_responses')
        .values({
          id: response.id,
          org_id: response.orgId,
          project_id: response.projectId,
          key_id: response.keyId,
          model: response.model,
          conversation: JSON.stringify(response.conversation),
          response: JSON.stringify(response.response),
          created_at: response.createdAt,
        })
        .execute();
    },
    async claimContinue(projectId, id, by, claim): Promise<ContinueClaim> {
      // One conditional UPDATE: of two concurrent continuations exactly one changes the row. A claim
      // with no time (taken before the column existed) or an old one was left by a dead process.
      const claimed = await db
        .updateTable('stored_responses')
        .set({ continued_by: by, continue_claimed_at: claim.at })
        .where('id', '=', id)
        .where('project_id', '=', projectId)
        .where(live)
        .where('continued_at', 'is', null)
        .where((eb) => eb.or([eb('continued_by', 'is', null), eb('continue_claimed_at', 'is', null), eb('continue_claimed_at', '<', claim.staleBefore)]))
        .executeTakeFirst();
      if (claimed.numUpdatedRows > 0n) return 'claimed';
      const row = await db.selectFrom('stored_responses').select(['continued_at']).where('id', '=', id).where('project_id', '=', projectId).where(live).executeTakeFirst();
      if (row === undefined) return 'missing';
      return row.continued_at === null ? 'in_flight' : 'continued';
    },
    async endContinue(id, by, outcome) {
      const update = db.updateTable('stored_responses').where('id', '=', id).where('continued_by', '=', by);
      await (outcome.done ? update.set({ continued_at: outcome.at }) : update.set({ continued_by: null })).execute();
    },
    async find(projectId, id) {
      const row = await db.selectFrom('stored_responses').selectAll().where('id', '=', id).where('project_id', '=', projectId).where(live).executeTakeFirst();
      if (row === undefined) return null;
      const conversation = safeParseJson(row.conversation);
      const response = safeParseJson(row.response);
      if (!conversation.ok || !Array.isArray(conversation.value) || !response.ok || !isJsonObject(response.value)) return null;
      const stored: StoredResponse = {
        id: row.id,
        orgId: row.org_id,
        projectId: row.project_id,
        keyId: row.key_id,
        model: row.model,
        conversation: conversation.value,
        response: response.value,
        createdAt: Number(row.created_at),
      };
      return stored;
    },
    async deleteCreatedBefore(before, limit) {
      // One statement per batch, oldest first through `stored_responses_created_idx`. On PostgreSQL
      // SKIP LOCKED lets two sweeps take disjoint rows instead of waiting on (or deadlocking with)
      // each other; a row another sweep deleted first is simply not counted here.
      const result = await db
        .deleteFrom('stored_responses')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('stored_responses')
            .select('id')
            .where('created_at', '<', before)
            .orderBy('created_at')
            .limit(limit)
            .$if(skipLocked, (qb) => qb.forUpdate().skipLocked()),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
