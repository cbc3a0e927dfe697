import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { orgParams } from '../organizations/schema.js';
import { projectParams } from '../projects/schema.js';
import { aliasDto, createAliasBody, listAliasesQuery, orgAliasParams, projectAliasParams, updateAliasBody } from './schema.js';
import { createAlias, listAliasViews, removeAlias, updateAlias } from './service.js';

const tag = 'model aliases';

/** Organization and project model alias routes. */
export const modelAliasRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/model-aliases', tag, auth: 'member', permission: 'org.read', summary: "List the organization's model aliases.",
    params: orgParams, query: listAliasesQuery, response: pageEnvelopeSchema(aliasDto),
    handler: ({ ctx, actor, params, query }) => listAliasViews(ctx, actor, { orgId: params.orgId }, query),
  }),
  defineRoute({
    method: 'POST', url: '/orgs/:orgId/model-aliases', tag, auth: 'member', permission: 'org.aliases.manage', status: 201, summary: 'Create an organization model alias.',
    params: orgParams, body: createAliasBody, response: aliasDto,
    handler: ({ ctx, change, params, body }) => createAlias(ctx, change, { orgId: params.orgId }, body),
  }),
  defineRoute({
    method: 'PATCH', url: '/orgs/:orgId/model-aliases/:aliasId', tag, auth: 'member', permission: 'org.aliases.manage', summary: 'Update an organization model alias.',
    params: orgAliasParams, body: updateAliasBody, response: aliasDto,
    handler: ({ ctx, change, params, body }) => updateAlias(ctx, change, { orgId: params.orgId }, params.aliasId, body),
  }),
  defineRoute({
    method: 'DELETE', url: '/orgs/:orgId/model-aliases/:aliasId', tag, auth: 'member', permission: 'org.aliases.manage', status: 204, summary: 'Delete an organization model alias.',
    params: orgAliasParams,
    handler: ({ ctx, change, params }) => removeAlias(ctx, change, { orgId: params.orgId }, params.aliasId),
  }),
  defineRoute({
    method: 'GET', url: '/projects/:projectId/model-aliases', tag, auth: 'member', permission: 'project.read', summary: "List the project's model aliases.",
    params: projectParams, query: listAliasesQuery, response: pageEnvelopeSchema(aliasDto),
    handler: ({ ctx, actor, params, query }) => listAliasViews(ctx, actor, { projectId: params.projectId }, query),
  }),
  defineRoute({
    method: 'POST', url: '/projects/:projectId/model-aliases', tag, auth: 'member', permission: 'project.aliases.manage', status: 201, summary: 'Create a project model alias.',
    params: projectParams, body: createAliasBody, response: aliasDto,
    handler: ({ ctx, change, params, body }) => createAlias(ctx, change, { projectId: params.projectId }, body),
  }),
  defineRoute({
    method: 'PATCH', url: '/projects/:projectId/model-aliases/:aliasId', tag, auth: 'member', permission: 'project.aliases.manage', summary: 'Update a project model alias.',
    params: projectAliasParams, body: updateAliasBody, response: aliasDto,
    handler: ({ ctx, change, params, body }) => updateAlias(ctx, change, { projectId: params.projectId }, params.aliasId, body),
  }),
  defineRoute({
    method: 'DELETE', url: '/projects/:projectId/model-aliases/:aliasId', tag, auth: 'member', permission: 'project.aliases.manage', status: 204, summary: 'Delete a project model alias.',
    params: projectAliasParams,
    handler: ({ ctx, change, params }) => removeAlias(ctx, change, { projectId: params.projectId }, params.aliasId),
  }),
];
