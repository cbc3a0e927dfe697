import type { Kysely } from 'kysely';
import { isJsonObject, safeParseJson } from '../../core/json.js';
import type { Database } from '../../store/schema.js';
import type { ContinueClaim, ResponseStore, StoredResponse } from './response-store.js';

/** Stored responses in the `stored_responses` table (SQLite or PostgreSQL). */
export function createSqlResponseStore(db: Kysely<Database>): ResponseStore {
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
        .where('continued_at', 'is', null)
        .where((eb) => eb.or([eb('continued_by', 'is', null), eb('continue_claimed_at', 'is', null), eb('continue_claimed_at', '<', claim.staleBefore)]))
        .executeTakeFirst();
      if (claimed.numUpdatedRows > 0n) return 'claimed';
      const row = await db.selectFrom('stored_responses').select(['continued_at']).where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
      if (row === undefined) return 'missing';
      return row.continued_at === null ? 'in_flight' : 'continued';
    },
    async endContinue(id, by, outcome) {
      const update = db.updateTable('stored_responses').where('id', '=', id).where('continued_by', '=', by);
      await (outcome.done ? update.set({ continued_at: outcome.at }) : update.set({ continued_by: null })).execute();
    },
    async find(projectId, id) {
      const row = await db.selectFrom('stored_responses').selectAll().where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
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
  };
}
