import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_PREFIX, findAccessTokenBySecret, touchAccessToken } from '../../auth/access-token-repository.js';
import type { Actor } from '../../auth/authorize.js';
import { hashSecret } from '../../auth/random-secret.js';
import { findSessionBySecret } from '../../auth/session-repository.js';
import { GatewayError } from '../../core/errors.js';
import type { ConsoleContext } from './console-context.js';
import { SESSION_COOKIE, readCookie } from './cookies.js';

/** How the request presented its credentials. */
export interface Credentials {
  /** The caller, or null when none was presented. */
  readonly actor: Actor | null;
  /** Whether a session cookie was sent (writes then need the CSRF header). */
  readonly cookiePresent: boolean;
  /** Whether an `Authorization: Bearer` header was sent. */
  readonly bearer: boolean;
}

/**
 * Work out who is calling: `Authorization: Bearer` (the operator token or a `tf_at_` access token)
 * wins over the session cookie. Inference keys and unknown bearer tokens answer 401 at once; an
 * unknown or expired cookie is treated as no credentials.
 */
export async function authenticate(request: FastifyRequest, ctx: ConsoleContext): Promise<Credentials> {
  const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && auth.trim() !== '') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (!match) throw new GatewayError('CONSOLE_UNAUTHENTICATED', "Send the access token as 'Authorization: Bearer tf_at_...'.");
    return { actor: await actorFromBearer(match[1]!, ctx), cookiePresent: cookie !== null, bearer: true };
  }
  if (cookie === null) return { actor: null, cookiePresent: false, bearer: false };
  const session = await findSessionBySecret(ctx.db, cookie, ctx.now());
  const actor: Actor | null = session === null ? null : { kind: 'user', userId: session.userId, via: 'session', onlyOrgId: null, sessionId: session.id, tokenExpiresAt: null };
  return { actor, cookiePresent: true, bearer: false };
}

async function actorFromBearer(secret: string, ctx: ConsoleContext): Promise<Actor> {
  if (secret.startsWith('sk-tf-')) {
    throw new GatewayError('CONSOLE_INFERENCE_KEY_REFUSED', 'Inference keys (sk-tf-...) are not accepted on /api; use a console access token (tf_at_...).');
  }
  if (ctx.adminTokenHash !== null && safeEqualHex(hashSecret(secret), ctx.adminTokenHash)) return { kind: 'operator' };
  if (secret.startsWith(ACCESS_TOKEN_PREFIX)) {
    const now = ctx.now();
    const token = await findAccessTokenBySecret(ctx.db, secret, now);
    if (token !== null) {
      await touchAccessToken(ctx.db, token, now);
      return { kind: 'user', userId: token.userId, via: 'access_token', onlyOrgId: token.orgId, sessionId: null, tokenExpiresAt: token.expiresAt };
    }
  }
  throw new GatewayError('CONSOLE_UNAUTHENTICATED', 'The access token is unknown, expired or revoked.');
}

/** Compare two SHA-256 hex digests in constant time (hashing first makes the lengths equal). */
function safeEqualHex(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
