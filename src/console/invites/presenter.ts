import type { z } from 'zod';
import { isoTime } from '../internal/wire.js';
import type { inviteDto } from './schema.js';

/** An invite as read from the store. */
export interface InviteRow {
  /** `inv_...` id. */
  readonly id: string;
  /** Organization to join. */
  readonly orgId: string;
  /** Invited email. */
  readonly email: string;
  /** Role granted on acceptance. */
  readonly role: string;
  /** Creation time, ms. */
  readonly createdAt: number;
  /** Expiry, ms. */
  readonly expiresAt: number;
  /** Acceptance time, ms, or null. */
  readonly acceptedAt: number | null;
  /** Revocation time, ms, or null. */
  readonly revokedAt: number | null;
}

/** Present an invite with its status at `now`. */
export function presentInvite(row: InviteRow, now: number): z.infer<typeof inviteDto> {
  const status = row.acceptedAt !== null ? 'accepted' : row.revokedAt !== null ? 'revoked' : row.expiresAt <= now ? 'expired' : 'pending';
  return { id: row.id, org_id: row.orgId, email: row.email, role: row.role, status, created_at: isoTime(row.createdAt), expires_at: isoTime(row.expiresAt) };
}
