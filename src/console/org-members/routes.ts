import { orgParams } from '../organizations/schema.js';
import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { listOrgMembersQuery, memberDto, orgMemberParams, updateOrgMemberBody } from './schema.js';
import { changeOrgMemberRole, listOrgMemberViews, removeOrgMember } from './service.js';

const tag = 'organization members';

/** Organization member routes (invites are in `invites/`). */
export const orgMemberRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/members', tag, auth: 'member', permission: 'org.read', summary: 'List organization members.',
    params: orgParams, query: listOrgMembersQuery, response: pageEnvelopeSchema(memberDto),
    handler: ({ ctx, actor, params, query }) => listOrgMemberViews(ctx, actor, params.orgId, query),
  }),
  defineRoute({
    method: 'PATCH', url: '/orgs/:orgId/members/:userId', tag, auth: 'member', permission: 'org.members.manage', summary: "Change a member's role (owner changes need an owner).",
    params: orgMemberParams, body: updateOrgMemberBody, response: memberDto,
    handler: ({ ctx, change, params, body }) => changeOrgMemberRole(ctx, change, params.orgId, params.userId, body.role),
  }),
  defineRoute({
    method: 'DELETE', url: '/orgs/:orgId/members/:userId', tag, auth: 'member', permission: 'org.members.manage', status: 204, summary: 'Remove a member (and their project roles).',
    params: orgMemberParams,
    handler: ({ ctx, change, params }) => removeOrgMember(ctx, change, params.orgId, params.userId),
  }),
];
