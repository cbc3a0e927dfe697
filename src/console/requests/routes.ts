import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { projectParams } from '../projects/schema.js';
import { listRequestsQuery, requestDetailDto, requestDto, requestParams } from './schema.js';
import { getRequest, listProjectRequests } from './service.js';

const tag = 'requests';

/** Request log routes. */
export const requestRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/projects/:projectId/requests', tag, auth: 'member', permission: 'project.requests.read', summary: "The project's request log, newest first, with filters.",
    params: projectParams, query: listRequestsQuery, response: pageEnvelopeSchema(requestDto),
    handler: ({ ctx, actor, params, query }) => listProjectRequests(ctx, actor, params.projectId, query),
  }),
  defineRoute({
    method: 'GET', url: '/requests/:requestId', tag, auth: 'member', permission: 'project.requests.read', summary: 'One request by its id (the x-request-id users quote), with its cost explained, hold and ledger debit.',
    params: requestParams, response: requestDetailDto,
    handler: ({ ctx, actor, params }) => getRequest(ctx, actor, params.requestId),
  }),
];
