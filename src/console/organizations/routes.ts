import { z } from 'zod';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { allowedModelsBody, convertOrgBody, createOrgBody, orgParams, organizationDto, projectAccessBody, updateOrgBody } from './schema.js';
import { closeOrganization, convertOrganization, createCompanyOrganization, getOrganizationView, listOrganizationViews, renameOrganization, setAllowedModels, setProjectAccess } from './service.js';

const tag = 'organizations';

/** Organization routes. */
export const organizationRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/orgs', tag, auth: 'member', summary: 'List the organizations you belong to.',
    response: z.object({ data: z.array(organizationDto), next_cursor: z.null() }),
    // A person belongs to few organizations: one page, with the same envelope as every list.
    handler: async ({ ctx, actor }) => ({ data: await listOrganizationViews(ctx, actor), next_cursor: null }),
  }),
  defineRoute({
    method: 'POST', url: '/orgs', tag, auth: 'person', status: 201, summary: 'Create a company organization; you become its owner.', body: createOrgBody, response: organizationDto,
    handler: ({ ctx, change, actor, body }) => createCompanyOrganization(ctx, change, actor.userId, body),
  }),
  defineRoute({
    method: 'GET', url: '/orgs/:orgId', tag, auth: 'member', permission: 'org.read', summary: 'Get an organization.', params: orgParams, response: organizationDto,
    handler: ({ ctx, actor, params }) => getOrganizationView(ctx, actor, params.orgId),
  }),
  defineRoute({
    method: 'PATCH', url: '/orgs/:orgId', tag, auth: 'member', permission: 'org.update', summary: 'Rename an organization.', params: orgParams, body: updateOrgBody, response: organizationDto,
    handler: ({ ctx, change, params, body }) => renameOrganization(ctx, change, params.orgId, body.name),
  }),
  defineRoute({
    method: 'DELETE', url: '/orgs/:orgId', tag, auth: 'member', permission: 'org.delete', status: 204, summary: 'Delete (close) the organization: keys disabled, data kept.',
    params: orgParams,
    handler: ({ ctx, change, params }) => closeOrganization(ctx, change, params.orgId),
  }),
  defineRoute({
    method: 'POST', url: '/orgs/:orgId/convert', tag, auth: 'member', permission: 'org.convert', summary: 'Convert a personal organization into a company organization.',
    params: orgParams, body: convertOrgBody, response: organizationDto,
    handler: ({ ctx, change, params, body }) => convertOrganization(ctx, change, params.orgId, body),
  }),
  defineRoute({
    method: 'PUT', url: '/orgs/:orgId/project-access', tag, auth: 'member', permission: 'org.update', summary: 'Set who sees which projects (open or restricted).',
    params: orgParams, body: projectAccessBody, response: organizationDto,
    handler: ({ ctx, change, params, body }) => setProjectAccess(ctx, change, params.orgId, body.mode),
  }),
  defineRoute({
    method: 'PUT', url: '/orgs/:orgId/allowed-models', tag, auth: 'member', permission: 'org.update', summary: 'Set the models the organization may call (empty: all).',
    params: orgParams, body: allowedModelsBody, response: organizationDto,
    handler: ({ ctx, change, params, body }) => setAllowedModels(ctx, change, params.orgId, body.models),
  }),
];
