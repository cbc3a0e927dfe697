import { clearSessionCookie, setSessionCookie } from '../internal/cookies.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { meDto, signInBody, signUpBody } from './schema.js';
import { getMe, signIn, signOut, signUp } from './service.js';

const tag = 'sessions';

/** Sign-up, sign-in, sign-out and `GET /me`. */
export const sessionRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'POST', url: '/sign-up', tag, auth: 'public', status: 201, summary: 'Create an account and a personal organization; signs in (sets the session cookie).',
    body: signUpBody, response: meDto,
    handler: async ({ ctx, change, body, request, reply }) => {
      const opened = await signUp(ctx, change, body);
      setSessionCookie(ctx, request, reply, opened.secret);
      return getMe(ctx, { kind: 'user', userId: opened.user.id, via: 'session', onlyOrgId: null, sessionId: null, tokenExpiresAt: null });
    },
  }),
  defineRoute({
    method: 'POST', url: '/sign-in', tag, auth: 'public', summary: 'Sign in with email and password (sets the session cookie).', body: signInBody, response: meDto,
    handler: async ({ ctx, change, body, request, reply }) => {
      const opened = await signIn(ctx, change, body);
      setSessionCookie(ctx, request, reply, opened.secret);
      return getMe(ctx, { kind: 'user', userId: opened.user.id, via: 'session', onlyOrgId: null, sessionId: null, tokenExpiresAt: null });
    },
  }),
  defineRoute({
    method: 'POST', url: '/sign-out', tag, auth: 'person', status: 204, summary: 'End the current session server-side and clear the cookie.',
    handler: async ({ ctx, actor, request, reply }) => {
      await signOut(ctx, actor);
      clearSessionCookie(ctx, request, reply);
    },
  }),
  defineRoute({
    method: 'GET', url: '/me', tag, auth: 'member', summary: 'The caller, their organizations with roles, and the projects they can reach.', response: meDto,
    handler: ({ ctx, actor }) => getMe(ctx, actor),
  }),
];
