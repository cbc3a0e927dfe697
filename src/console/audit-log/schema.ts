import { z } from 'zod';
import { pageQueryShape } from '../internal/pagination.js';

/** Query of `GET /orgs/:orgId/audit-log`. */
export const listAuditQuery = z.strictObject({
  ...pageQueryShape,
  /** Only entries with this action (`api_key.update` ...). */
  action: z.string().max(100).optional(),
  /** Only entries about this object id. */
  target_id: z.string().max(200).optional(),
});

/** An audit entry as sent. */
export const auditEntryDto = z.object({
  id: z.string(),
  actor: z.object({ kind: z.string(), user_id: z.string().nullable() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
