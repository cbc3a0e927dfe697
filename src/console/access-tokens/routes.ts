import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { accessTokenDto, accessTokenParams, createAccessTokenBody, createdAccessTokenDto, listAccessTokensQuery } from './schema.js';
import { createAccessToken, listAccessTokenViews, revokeOwnAccessToken } from './service.js';

const tag = 'access tokens';

/** The caller's personal access tokens. */
export const accessTokenRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/me/access-tokens', tag, auth: 'person', summary: 'List your access tokens, newest first.', query: listAccessTokensQuery, response: pageEnvelopeSchema(accessTokenDto),
    handler: ({ ctx, actor, query }) => listAccessTokenViews(ctx, actor, query),
  }),
  defineRoute({
    method: 'POST', url: '/me/access-tokens', tag, auth: 'person', status: 201, summary: 'Create an access token (the secret is shown once).',
    body: createAccessTokenBody, response: createdAccessTokenDto,
    handler: ({ ctx, change, actor, body }) => createAccessToken(ctx, change, actor, body),
  }),
  defineRoute({
    method: 'DELETE', url: '/me/access-tokens/:tokenId', tag, auth: 'person', status: 204, summary: 'Revoke one of your access tokens.', params: accessTokenParams,
    handler: ({ ctx, change, actor, params }) => revokeOwnAccessToken(ctx, change, actor, params.tokenId),
  }),
];
