import { setSessionCookie } from '../internal/cookies.js';
import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { orgParams } from '../organizations/schema.js';
import { meDto } from '../sessions/schema.js';
import { getMe, openSession } from '../sessions/service.js';
import { acceptInviteBody, createInviteBody, createdInviteDto, inviteDto, inviteLookupDto, inviteParams, listInvitesQuery, lookupInviteBody } from './schema.js';
import { acceptInvite, createInvite, listInvites, lookupInvite, revokeInvite } from './service.js';

const tag = 'invites';

/** Invite routes. */
export const inviteRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'POST', url: '/orgs/:orgId/invites', tag, auth: 'member', permission: 'org.members.manage', status: 201, summary: 'Invite a person by email; the link is shown once.',
    params: orgParams, body: createInviteBody, response: createdInviteDto,
    handler: ({ ctx, change, params, body }) => createInvite(ctx, change, params.orgId, body),
  }),
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/invites', tag, auth: 'member', permission: 'org.members.manage', summary: 'List invites, newest first.',
    params: orgParams, query: listInvitesQuery, response: pageEnvelopeSchema(inviteDto),
    handler: ({ ctx, actor, params, query }) => listInvites(ctx, actor, params.orgId, query),
  }),
  defineRoute({
    method: 'DELETE', url: '/orgs/:orgId/invites/:inviteId', tag, auth: 'member', permission: 'org.members.manage', status: 204, summary: 'Revoke an invite.',
    params: inviteParams,
    handler: ({ ctx, change, params }) => revokeInvite(ctx, change, params.orgId, params.inviteId),
  }),
  defineRoute({
    method: 'POST', url: '/invites/lookup', tag, auth: 'public', summary: 'What an invite link offers (organization, email, role, whether the email has an account), before accepting.',
    body: lookupInviteBody, response: inviteLookupDto,
    handler: ({ ctx, body }) => lookupInvite(ctx, body.token),
  }),
  defineRoute({
    method: 'POST', url: '/invites/accept', tag, auth: 'public',
    summary: "Accept an invite: signed in as the invited email, or with that account's password, or creating the account (name + password); the token alone signs nobody in.",
    body: acceptInviteBody, response: meDto,
    handler: async ({ ctx, change, body, request, reply }) => {
      const accepted = await acceptInvite(ctx, change, body);
      if (accepted.via !== 'session') {
        const opened = await openSession(ctx, change, accepted.user);
        setSessionCookie(ctx, request, reply, opened.secret);
      }
      return getMe(ctx, { kind: 'user', userId: accepted.user.id, via: 'session', onlyOrgId: null, sessionId: null, tokenExpiresAt: null });
    },
  }),
];
