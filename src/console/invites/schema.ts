import { z } from 'zod';
import { ORG_ROLES } from '../../auth/permissions.js';
import { pageQueryShape } from '../internal/pagination.js';
import { idParam } from '../internal/wire.js';
import { emailSchema, newPasswordSchema } from '../sessions/schema.js';

/** Path of routes on one invite. */
export const inviteParams = z.strictObject({
  /** Organization id. */
  orgId: idParam('org'),
  /** Invite id. */
  inviteId: idParam('inv'),
});

/** Query of `GET /orgs/:orgId/invites`. */
export const listInvitesQuery = z.strictObject({ ...pageQueryShape });

/** Body of `POST /orgs/:orgId/invites`. */
export const createInviteBody = z.strictObject({
  /** Email of the person to invite. */
  email: emailSchema,
  /** Organization role they get on joining. */
  role: z.enum(ORG_ROLES),
});

/** Body of `POST /invites/accept`. */
export const acceptInviteBody = z.strictObject({
  /** The secret from the invite link (`tf_inv_...`). */
  token: z.string().min(10).max(200),
  /** Display name (required when the email has no account yet). */
  name: z.string().trim().min(1).max(100).optional(),
  /** Password to set (required when the email has no account yet). */
  password: newPasswordSchema.optional(),
});

/** An invite as sent. */
export const inviteDto = z.object({
  id: z.string(),
  org_id: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  created_at: z.string(),
  expires_at: z.string(),
});

/** A created invite: the link is shown to the inviter this once (it is also emailed when SMTP is configured). */
export const createdInviteDto = inviteDto.extend({ url: z.string().describe('Invite link; shown once.'), emailed: z.boolean() });
