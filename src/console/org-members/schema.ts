import { z } from 'zod';
import { orgMemberPolicy } from '../../auth/policies/member.js';
import { ORG_ROLES } from '../../auth/permissions.js';
import { pageQueryShape } from '../internal/pagination.js';
import { abilitiesSchema, idParam } from '../internal/wire.js';

/** Path of routes on one organization member. */
export const orgMemberParams = z.strictObject({
  /** Organization id. */
  orgId: idParam('org'),
  /** The member's user id. */
  userId: idParam('usr'),
});

/** Query of `GET /orgs/:orgId/members`. */
export const listOrgMembersQuery = z.strictObject({ ...pageQueryShape });

/** Body of `PATCH /orgs/:orgId/members/:userId`. */
export const updateOrgMemberBody = z.strictObject({
  /** New organization role. */
  role: z.enum(ORG_ROLES),
});

/** A member as sent (organization or project). */
export const memberDto = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  created_at: z.string(),
  abilities: abilitiesSchema(Object.keys(orgMemberPolicy) as [string, ...string[]]),
});

/** The member view. */
export type MemberView = z.infer<typeof memberDto>;
