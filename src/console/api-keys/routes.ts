import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { projectParams } from '../projects/schema.js';
import { apiKeyDto, apiKeyParams, createApiKeyBody, createdApiKeyDto, listApiKeysQuery, updateApiKeyBody } from './schema.js';
import { createApiKey, deleteApiKey, getApiKeyView, listApiKeyViews, updateApiKeyFields } from './service.js';

const tag = 'api keys';

/** Inference key routes. */
export const apiKeyRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/projects/:projectId/api-keys', tag, auth: 'member', permission: 'project.read', summary: "List a project's keys (metadata, never secrets), newest first.",
    params: projectParams, query: listApiKeysQuery, response: pageEnvelopeSchema(apiKeyDto),
    handler: ({ ctx, actor, params, query }) => listApiKeyViews(ctx, actor, params.projectId, query),
  }),
  defineRoute({
    method: 'POST', url: '/projects/:projectId/api-keys', tag, auth: 'member', permission: 'project.keys.manage', status: 201, summary: 'Create a key; the secret is returned once.',
    params: projectParams, body: createApiKeyBody, response: createdApiKeyDto,
    handler: ({ ctx, change, params, body }) => createApiKey(ctx, change, params.projectId, body),
  }),
  defineRoute({
    method: 'GET', url: '/projects/:projectId/api-keys/:keyId', tag, auth: 'member', permission: 'project.read', summary: 'Get a key.', params: apiKeyParams, response: apiKeyDto,
    handler: ({ ctx, actor, params }) => getApiKeyView(ctx, actor, params.projectId, params.keyId),
  }),
  defineRoute({
    method: 'PATCH', url: '/projects/:projectId/api-keys/:keyId', tag, auth: 'member', permission: 'project.keys.manage', summary: 'Update a key (name, disabled, expiry, allowed models, budget).',
    params: apiKeyParams, body: updateApiKeyBody, response: apiKeyDto,
    handler: ({ ctx, change, params, body }) => updateApiKeyFields(ctx, change, params.projectId, params.keyId, body),
  }),
  defineRoute({
    method: 'DELETE', url: '/projects/:projectId/api-keys/:keyId', tag, auth: 'member', permission: 'project.keys.manage', status: 204, summary: 'Delete a key (soft: it is disabled at once).',
    params: apiKeyParams,
    handler: ({ ctx, change, params }) => deleteApiKey(ctx, change, params.projectId, params.keyId),
  }),
];
