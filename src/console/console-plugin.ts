import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/authorize.js';
import { hashSecret } from '../auth/random-secret.js';
import { SignInThrottle } from '../auth/sign-in-throttle.js';
import { allowedMethods } from '../core/allowed-methods.js';
import { GatewayError } from '../core/errors.js';
import { authenticate, type Credentials } from './internal/authenticate.js';
import type { ConsoleContext, ConsoleDeps } from './internal/console-context.js';
import { consoleErrorHandler, encodeConsoleError } from './internal/error-envelope.js';
import type { ConsoleRoute } from './internal/route.js';
import { CONSOLE_ROUTE_PATHS } from './console-route-paths.js';
import { registerPaymentPages } from './payments/payment-pages.js';
import { createPaymentsRuntime } from './payments/payments-runtime.js';

export type { ConsoleDeps } from './internal/console-context.js';
/** The console's error envelope, for `/api` answers given outside this scope (the server's framework refusals). */
export { encodeConsoleError } from './internal/error-envelope.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Register the console API under `/api` in its own encapsulated scope: its own auth hook, CSRF
 * rule, body limit, error envelope and 404. Nothing here leaks to `/v1`.
 */
export async function registerConsole(app: FastifyInstance, deps: ConsoleDeps): Promise<void> {
  const now = deps.now ?? Date.now;
  const publicUrl = (deps.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
  const ctx: ConsoleContext = {
    db: deps.db,
    now,
    adminTokenHash: deps.adminToken === null || deps.adminToken === '' ? null : hashSecret(deps.adminToken),
    // Browsers send a Secure cookie only over HTTPS: an https public URL means every visit is.
    secureCookies: deps.secureCookies ?? publicUrl.startsWith('https://'),
    publicUrl,
    modelIds: deps.modelIds ?? null,
    modelPricing: deps.modelPricing ?? null,
    catalogue: deps.catalogue ?? null,
    modelHealth: deps.modelHealth ?? null,
    playgroundChat: deps.playgroundChat ?? null,
    modelLifecycle: deps.modelLifecycle ?? null,
    sendInviteEmail: deps.sendInviteEmail ?? null,
    throttle: new SignInThrottle({ maxFailures: 5, windowMs: 15 * 60_000, now }),
    sessionTtlMs: deps.sessionTtlMs ?? 14 * 24 * 3_600_000,
    allowSignUp: deps.allowSignUp ?? true,
    orgHeldNano: deps.orgHeldNano ?? null,
    balanceAlertMailer: deps.balanceAlertMailer ?? null,
    settingsChanged: deps.settingsChanged ?? { projectLimits: () => undefined, keyBudget: () => undefined },
    payments: createPaymentsRuntime(deps.payments, publicUrl),
  };
  await app.register(
    async (scope) => {
      const credentials = new WeakMap<FastifyRequest, Credentials>();
      scope.setErrorHandler(consoleErrorHandler);
      scope.setNotFoundHandler(async (request, reply) => {
        const path = request.url.split('?')[0] ?? request.url;
        const allow = allowedMethods(request.server, path);
        const error = allow.length > 0
          ? new GatewayError('GW_METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}; use ${allow.join(', ')}.`)
          : new GatewayError('GW_ROUTE_NOT_FOUND', `Unknown console API URL: ${request.method} ${path}.`);
        if (allow.length > 0) void reply.header('allow', allow.join(', '));
        await reply.code(error.status).send(encodeConsoleError(error, request.id));
      });
      // The auth hook: resolve the caller once per request, before the body is read.
      scope.addHook('onRequest', async (request) => {
        credentials.set(request, await authenticate(request, ctx));
      });
      for (const [method, url] of CONSOLE_ROUTE_PATHS) {
        const key = `${method} ${url}`;
        scope.route({
          method,
          url,
          bodyLimit: deps.bodyLimitBytes ?? 64 * 1024,
          handler: async (request, reply) => handle(await routeFor(key), ctx, credentials.get(request) ?? null, request, reply),
        });
      }
    },
    { prefix: '/api' },
  );
  // The top-up page and the Stripe webhook live outside /api (own scopes, own body parsing).
  await registerPaymentPages(app, ctx);
}

let routeTable: Promise<Map<string, ConsoleRoute>> | null = null;

/** The route for `METHOD /url`, from the route modules, imported with the first `/api` request (see console-route-paths.ts). */
async function routeFor(key: string): Promise<ConsoleRoute> {
  routeTable ??= import('./console-routes.js').then(({ CONSOLE_ROUTES }) => new Map(CONSOLE_ROUTES.map((route) => [`${route.method} ${route.url}`, route])));
  const route = (await routeTable).get(key);
  // console-route-paths.test.ts keeps both lists equal; a mismatch is a build defect, not a caller's.
  if (route === undefined) throw new Error(`console route ${key} is listed in console-route-paths.ts but not in CONSOLE_ROUTES`);
  return route;
}

/** Guard (CSRF, authentication), then run the route and send its result. */
async function handle(route: ConsoleRoute, ctx: ConsoleContext, credentials: Credentials | null, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const actor: Actor | null = credentials?.actor ?? null;
  const cookieWrite = WRITE_METHODS.has(route.method) && !credentials?.bearer && (credentials?.cookiePresent === true || route.auth === 'public');
  // A custom header cannot be sent cross-site without a CORS preflight, which /api never grants.
  if (cookieWrite && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
    throw new GatewayError('CONSOLE_CSRF_HEADER_MISSING', "Writes made with a session cookie need the header 'X-Requested-With: XMLHttpRequest'.");
  }
  if (route.auth !== 'public' && actor === null) {
    throw new GatewayError('CONSOLE_UNAUTHENTICATED', 'Sign in, or send an access token as Authorization: Bearer tf_at_...');
  }
  if (route.auth === 'person' && actor?.kind !== 'user') {
    throw new GatewayError('CONSOLE_FORBIDDEN', 'This route acts on a person; the platform operator token has none.');
  }
  const userAgent = request.headers['user-agent'];
  const result = await route.run({
    params: request.params,
    query: request.query,
    body: request.body,
    actor,
    change: { actor, ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null, now: ctx.now() },
    ctx,
    request,
    reply,
  });
  // A route that answered itself (the playground relays the gateway's answer, streamed or not).
  if (reply.sent) return reply;
  if (route.status === 204) return reply.code(204).send();
  return reply.code(route.status).send(result);
}
