import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/authorize.js';
import { createId } from '../../core/ids.js';
import type { Database } from '../../store/schema.js';

/** Who makes a change, when and from where; every service that writes takes one. */
export interface ChangeContext {
  /** The caller (null for sign-up and invite acceptance, before a person exists). */
  readonly actor: Actor | null;
  /** Client address. */
  readonly ip: string | null;
  /** Client user agent. */
  readonly userAgent: string | null;
  /** Time of the change, ms. */
  readonly now: number;
}

/** One audit entry to write. */
export interface AuditEntry {
  /** Organization concerned, or null. */
  readonly orgId: string | null;
  /** Verb, `<object>.<verb>` (`api_key.update`). */
  readonly action: string;
  /** Kind of object. */
  readonly targetType: string;
  /** Object id. */
  readonly targetId: string;
  /** Object before (presented, never secrets), or null. */
  readonly before: unknown;
  /** Object after (presented, never secrets), or null. */
  readonly after: unknown;
}

/** Append an audit entry; call it with the transaction that makes the change, so both commit or neither. */
export async function writeAudit(trx: Kysely<Database>, change: ChangeContext, entry: AuditEntry, actorIdOverride?: string): Promise<void> {
  const actor = change.actor;
  await trx
    .insertInto('audit_log')
    .values({
      id: createId('aud', change.now),
      org_id: entry.orgId,
      actor_id: actorIdOverride ?? (actor?.kind === 'user' ? actor.userId : null),
      actor_kind: actor === null ? (actorIdOverride ? 'user' : 'system') : actor.kind,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before_json: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
      ip: change.ip,
      user_agent: change.userAgent?.slice(0, 512) ?? null,
      created_at: change.now,
    })
    .execute();
}
