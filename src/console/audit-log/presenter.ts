import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { safeParseJson } from '../../core/json.js';
import type { AuditLogTable } from '../../store/console-schema.js';
import { isoTime } from '../internal/wire.js';
import type { auditEntryDto } from './schema.js';

/** Present an audit entry. */
export function presentAuditEntry(row: Selectable<AuditLogTable> & { readonly actor_name: string | null; readonly actor_email: string | null }): z.infer<typeof auditEntryDto> {
  return {
    id: row.id,
    actor: { kind: row.actor_kind, user_id: row.actor_id, name: row.actor_name, email: row.actor_email },
    action: row.action,
    target: { type: row.target_type, id: row.target_id },
    before: parse(row.before_json),
    after: parse(row.after_json),
    ip: row.ip,
    user_agent: row.user_agent,
    created_at: isoTime(Number(row.created_at)),
  };
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  const parsed = safeParseJson(text);
  return parsed.ok ? parsed.value : text;
}
