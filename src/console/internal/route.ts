import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../auth/authorize.js';
import type { Permission } from '../../auth/permissions.js';
import type { ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from './console-context.js';
import { validate } from './validate.js';

/** Who may call a route: anyone, a signed-in person or the operator, or a signed-in person only. */
export type RouteAuth = 'public' | 'member' | 'person';

/** What a handler receives, already validated. */
export interface HandlerContext<P, Q, B, A extends Actor | null> {
  /** Path parameters. */
  readonly params: P;
  /** Query parameters. */
  readonly query: Q;
  /** Body. */
  readonly body: B;
  /** The caller (null only on public routes). */
  readonly actor: A;
  /** Who, when and from where, for audit entries. */
  readonly change: ChangeContext;
  /** Console runtime. */
  readonly ctx: ConsoleContext;
  /** The raw request (cookies, headers). */
  readonly request: FastifyRequest;
  /** The reply (cookies). */
  readonly reply: FastifyReply;
}

type ActorFor<Auth extends RouteAuth> = Auth extends 'public' ? Actor | null : Auth extends 'person' ? Extract<Actor, { kind: 'user' }> : Actor;

/** A route as declared by a resource's `routes.ts`. */
export interface RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, Auth extends RouteAuth> {
  /** HTTP method. */
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below `/api`, with `:param` segments. */
  readonly url: string;
  /** One line for the OpenAPI document and docs. */
  readonly summary: string;
  /** OpenAPI tag (the resource). */
  readonly tag: string;
  /** Who may call it. */
  readonly auth: Auth;
  /** The permission checked (documentation and the role-matrix test; the handler checks it through authorize). */
  readonly permission?: Permission;
  /** Success status (default 200). */
  readonly status?: 200 | 201 | 204;
  /** Path parameter schema. */
  readonly params?: P;
  /** Query schema. */
  readonly query?: Q;
  /** Body schema (a `z.strictObject`). */
  readonly body?: B;
  /** Response schema (OpenAPI only; presenters build the value). */
  readonly response?: z.ZodType;
  /** Validate-authorize-call-present. */
  readonly handler: (context: HandlerContext<z.output<P>, z.output<Q>, z.output<B>, ActorFor<Auth>>) => Promise<unknown>;
}

/** A route with its types erased, ready to register. */
export interface ConsoleRoute {
  /** HTTP method. */
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below `/api`. */
  readonly url: string;
  /** One-line summary. */
  readonly summary: string;
  /** OpenAPI tag. */
  readonly tag: string;
  /** Who may call it. */
  readonly auth: RouteAuth;
  /** Permission checked, if any. */
  readonly permission: Permission | null;
  /** Success status. */
  readonly status: number;
  /** Schemas, for the OpenAPI document. */
  readonly schemas: { readonly params?: z.ZodType; readonly query?: z.ZodType; readonly body?: z.ZodType; readonly response?: z.ZodType };
  /** Validate the raw parts and run the handler. */
  run(raw: { params: unknown; query: unknown; body: unknown; actor: Actor | null; change: ChangeContext; ctx: ConsoleContext; request: FastifyRequest; reply: FastifyReply }): Promise<unknown>;
}

// Routes without params, query or body still refuse unknown ones.
const EMPTY = z.strictObject({});

/** Declare a route: its schemas type the handler. */
export function defineRoute<P extends z.ZodType = typeof EMPTY, Q extends z.ZodType = typeof EMPTY, B extends z.ZodType = typeof EMPTY, Auth extends RouteAuth = 'member'>(
  spec: RouteSpec<P, Q, B, Auth>,
): ConsoleRoute {
  return {
    method: spec.method,
    url: spec.url,
    summary: spec.summary,
    tag: spec.tag,
    auth: spec.auth,
    permission: spec.permission ?? null,
    status: spec.status ?? 200,
    schemas: { ...(spec.params ? { params: spec.params } : {}), ...(spec.query ? { query: spec.query } : {}), ...(spec.body ? { body: spec.body } : {}), ...(spec.response ? { response: spec.response } : {}) },
    run: async (raw) => {
      const params = validate((spec.params ?? EMPTY) as P, raw.params, 'path');
      const query = validate((spec.query ?? EMPTY) as Q, raw.query, 'query');
      const body = validate((spec.body ?? EMPTY) as B, raw.body, 'body');
      // The auth guard in console-plugin.ts has already enforced `spec.auth`, so this narrowing holds.
      const actor = raw.actor as ActorFor<Auth>;
      return spec.handler({ params, query, body, actor, change: raw.change, ctx: raw.ctx, request: raw.request, reply: raw.reply });
    },
  };
}
