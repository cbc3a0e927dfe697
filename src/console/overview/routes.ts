import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { orgParams } from '../organizations/schema.js';
import { overviewDto } from './schema.js';
import { getOrgOverview } from './service.js';

/** The organization overview's figures that no other route reports. */
export const overviewRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/overview', tag: 'usage', auth: 'member', permission: 'org.usage.read',
    summary: 'This UTC month so far: requests and failed requests in every project, and deprecated models still in use.',
    params: orgParams, response: overviewDto,
    handler: ({ ctx, actor, params }) => getOrgOverview(ctx, actor, params.orgId),
  }),
];
