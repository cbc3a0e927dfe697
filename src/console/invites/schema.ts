import { z } from 'zod';
import { ORG_ROLES } from '../../auth/permissions.js';
import { pageQueryShape } from '../internal/pagination.js';
import { idParam } from '../internal/wire.js';
import { emailSchema } from '../sessions/schema.js';

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

/** The secret from the invite link (`tf_inv_...`). */
const inviteToken = z.string().min(10).max(200);

/** Body of `POST /invites/lookup`. */
export const lookupInviteBody = z.strictObject({
  /** The secret from the invite link. */
  token: inviteToken,
});

/** Body of `POST /invites/accept`. */
export const acceptInviteBody = z.strictObject({
  /** The secret from the invite link. */
  token: inviteToken,
  /** Display name (required when the email has no account yet). */
  name: z.string().trim().min(1).max(100).optional(),
  /** A new email: the password to set. An existing account, not signed in: that account's password. */
  password: z.string().min(1).max(256).optional(),
});

/** What an invite link offers, shown before accepting. */
export const inviteLookupDto = z.object({
  org_id: z.string(),
  org_name: z.string(),
  email: z.string().describe('The invited email; only that account can accept.'),
  role: z.string(),
  expires_at: z.string(),
  account_exists: z.boolean().describe('Whether the email has an account (sign in to accept) or not (create one).'),
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

/** A created invite: with email delivery the link goes only to the invitee; without, the inviter sees it this once. */
export const createdInviteDto = inviteDto.extend({
  url: z.string().nullable().describe('Invite link, shown once when email delivery is not configured (pass it on); null when it was emailed to the invitee.'),
  emailed: z.boolean(),
});
