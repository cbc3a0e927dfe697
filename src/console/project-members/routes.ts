import { memberDto } from '../org-members/schema.js';
import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { projectParams } from '../projects/schema.js';
import { addProjectMemberBody, listProjectMembersQuery, projectMemberParams, updateProjectMemberBody } from './schema.js';
import { addProjectMember, changeProjectMemberRole, listProjectMemberViews, removeProjectMember } from './service.js';

const tag = 'project members';

/** Project member routes. */
export const projectMemberRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/projects/:projectId/members', tag, auth: 'member', permission: 'project.read', summary: 'List project members.',
    params: projectParams, query: listProjectMembersQuery, response: pageEnvelopeSchema(memberDto),
    handler: ({ ctx, actor, params, query }) => listProjectMemberViews(ctx, actor, params.projectId, query),
  }),
  defineRoute({
    method: 'POST', url: '/projects/:projectId/members', tag, auth: 'member', permission: 'project.members.manage', status: 201, summary: 'Add an organization member to the project.',
    params: projectParams, body: addProjectMemberBody, response: memberDto,
    handler: ({ ctx, change, params, body }) => addProjectMember(ctx, change, params.projectId, body.user_id, body.role),
  }),
  defineRoute({
    method: 'PATCH', url: '/projects/:projectId/members/:userId', tag, auth: 'member', permission: 'project.members.manage', summary: "Change a project member's role.",
    params: projectMemberParams, body: updateProjectMemberBody, response: memberDto,
    handler: ({ ctx, change, params, body }) => changeProjectMemberRole(ctx, change, params.projectId, params.userId, body.role),
  }),
  defineRoute({
    method: 'DELETE', url: '/projects/:projectId/members/:userId', tag, auth: 'member', permission: 'project.members.manage', status: 204, summary: 'Remove a project member.',
    params: projectMemberParams,
    handler: ({ ctx, change, params }) => removeProjectMember(ctx, change, params.projectId, params.userId),
  }),
];
