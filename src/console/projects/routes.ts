import { orgParams } from '../organizations/schema.js';
import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { createProjectBody, listProjectsQuery, projectDto, projectParams, updateProjectBody } from './schema.js';
import { createProjectInOrg, getProjectView, listProjectViews, renameProject } from './service.js';

const tag = 'projects';

/** Project routes. */
export const projectRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/projects', tag, auth: 'member', permission: 'org.read', summary: 'List the projects you can reach.',
    params: orgParams, query: listProjectsQuery, response: pageEnvelopeSchema(projectDto),
    handler: ({ ctx, actor, params, query }) => listProjectViews(ctx, actor, params.orgId, query),
  }),
  defineRoute({
    method: 'POST', url: '/orgs/:orgId/projects', tag, auth: 'member', permission: 'project.create', status: 201, summary: 'Create a project.',
    params: orgParams, body: createProjectBody, response: projectDto,
    handler: ({ ctx, change, params, body }) => createProjectInOrg(ctx, change, params.orgId, body.name),
  }),
  defineRoute({
    method: 'GET', url: '/projects/:projectId', tag, auth: 'member', permission: 'project.read', summary: 'Get a project.', params: projectParams, response: projectDto,
    handler: ({ ctx, actor, params }) => getProjectView(ctx, actor, params.projectId),
  }),
  defineRoute({
    method: 'PATCH', url: '/projects/:projectId', tag, auth: 'member', permission: 'project.update', summary: 'Rename a project.',
    params: projectParams, body: updateProjectBody, response: projectDto,
    handler: ({ ctx, change, params, body }) => renameProject(ctx, change, params.projectId, body.name),
  }),
];
