import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { orgParams } from '../organizations/schema.js';
import { orgModelDto } from './schema.js';
import { listOrgModels } from './service.js';

const tag = 'models';

/** The catalogue as an organization sees it. */
export const modelRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/models', tag, auth: 'member', permission: 'org.read',
    summary: 'The model catalogue as the organization sees it: limits, prices per million tokens, capabilities, status, versions and whether its allowed-models setting lets it be called (one page).',
    params: orgParams, response: pageEnvelopeSchema(orgModelDto),
    handler: ({ ctx, actor, params }) => listOrgModels(ctx, actor, params.orgId),
  }),
];
