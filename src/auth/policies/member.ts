import type { Policy } from '../authorize.js';

/** Actions on a membership. */
export type MemberAction = 'update' | 'remove';

/** Organization member policy (changing an owner also needs `org.owners.manage`, checked by the service). */
export const orgMemberPolicy: Policy<MemberAction> = { update: 'org.members.manage', remove: 'org.members.manage' };

/** Project member policy. */
export const projectMemberPolicy: Policy<MemberAction> = { update: 'project.members.manage', remove: 'project.members.manage' };
