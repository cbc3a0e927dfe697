import { z } from 'zod';
import { pageQueryShape } from '../internal/pagination.js';
import { idParam, isoTimeInput } from '../internal/wire.js';

/** Query of `GET /orgs/:orgId/audit-log`. */
export const listAuditQuery = z.strictObject({
  ...pageQueryShape,
  /** Only entries with this action (`api_key.update` ...). */
  action: z.string().max(100).optional(),
  /** Only entries about this object id. */
  target_id: z.string().max(200).optional(),
  /** Only entries about this kind of object (`org_member`, `project_limits` ...). */
  target_type: z.string().max(100).optional(),
  /** Only changes made by this person (`usr_...`). */
  actor_id: idParam('usr').optional(),
  /** Only entries at or after this time (ISO 8601). */
  since: isoTimeInput.optional(),
  /** Only entries before this time (ISO 8601, exclusive). */
  until: isoTimeInput.optional(),
});

/** Path of `GET /orgs/:orgId/audit-log/:entryId`. */
export const auditEntryParams = z.strictObject({
  /** Organization id. */
  orgId: idParam('org'),
  /** Entry id. */
  entryId: idParam('aud'),
});

/** An audit entry as sent. */
export const auditEntryDto = z.object({
  id: z.string(),
  actor: z.object({
    kind: z.string().describe('`user`, `operator` or `system`.'),
    user_id: z.string().nullable(),
    name: z.string().nullable().describe("The person's current display name (null when not a person or the account is gone)."),
    email: z.string().nullable().describe("The person's current email (null when not a person or the account is gone)."),
  }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
