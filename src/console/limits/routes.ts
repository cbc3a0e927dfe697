import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { projectParams } from '../projects/schema.js';
import { budgetBody, limitsDto, updateLimitsBody } from './schema.js';
import { getLimitsView, setProjectBudget, updateRateLimits } from './service.js';

const tag = 'limits';

/** Project rate limit and budget routes. */
export const limitRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/projects/:projectId/limits', tag, auth: 'member', permission: 'project.read', summary: "Get the project's rate limits and budget.",
    params: projectParams, response: limitsDto,
    handler: ({ ctx, actor, params }) => getLimitsView(ctx, actor, params.projectId),
  }),
  defineRoute({
    method: 'PATCH', url: '/projects/:projectId/limits', tag, auth: 'member', permission: 'project.limits.manage', summary: 'Set rpm and tpm (null for none).',
    params: projectParams, body: updateLimitsBody, response: limitsDto,
    handler: ({ ctx, change, params, body }) => updateRateLimits(ctx, change, params.projectId, body),
  }),
  defineRoute({
    method: 'PUT', url: '/projects/:projectId/budget', tag, auth: 'member', permission: 'project.budget.manage', summary: 'Set the monthly budget in USD (null for none).',
    params: projectParams, body: budgetBody, response: limitsDto,
    handler: ({ ctx, change, params, body }) => setProjectBudget(ctx, change, params.projectId, body.budget_usd),
  }),
];
