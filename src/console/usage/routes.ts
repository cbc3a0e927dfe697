import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { orgParams } from '../organizations/schema.js';
import { projectParams } from '../projects/schema.js';
import { usageQuery, usageReportDto } from './schema.js';
import { getOrgUsage, getProjectUsage } from './service.js';

const tag = 'usage';

/** Usage analytics routes (read from the hourly rollups). */
export const usageRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/projects/:projectId/usage', tag, auth: 'member', permission: 'project.usage.read',
    summary: "The project's usage per hour, day or month, optionally grouped (model, key, user, member, tag:<key>); JSON or CSV.",
    params: projectParams, query: usageQuery, response: usageReportDto,
    handler: ({ ctx, actor, reply, params, query }) => getProjectUsage(ctx, actor, reply, params.projectId, query),
  }),
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/usage', tag, auth: 'member', permission: 'org.usage.read',
    summary: "The organization's usage per hour, day or month, optionally grouped (project, member, key, model, user, tag:<key>); JSON or CSV.",
    params: orgParams, query: usageQuery, response: usageReportDto,
    handler: ({ ctx, actor, reply, params, query }) => getOrgUsage(ctx, actor, reply, params.orgId, query),
  }),
];
