import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleContext } from './console-context.js';

/** The session cookie's name. */
export const SESSION_COOKIE = 'tf_session';

/** Read one cookie from a `Cookie` header (RFC 6265 pairs; values are our own base62 text, so no decoding). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (header === undefined) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() === name) {
      const value = pair.slice(eq + 1).trim();
      return value === '' ? null : value.replace(/^"(.*)"$/, '$1');
    }
  }
  return null;
}

/** A `Set-Cookie` value for the session: HttpOnly (no script access), SameSite=Lax, whole site. */
export function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`, ...(secure ? ['Secure'] : [])].join('; ');
}

/** A `Set-Cookie` value that deletes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', 0, secure);
}

/**
 * Whether the session cookie gets `Secure`: the public URL is https, or this request came over
 * HTTPS (`request.protocol` believes `X-Forwarded-Proto` only from a proxy `TF_TRUST_PROXY` trusts).
 */
export function cookieIsSecure(ctx: ConsoleContext, request: FastifyRequest): boolean {
  return ctx.secureCookies || request.protocol === 'https';
}

/** Set the session cookie for a newly opened session. */
export function setSessionCookie(ctx: ConsoleContext, request: FastifyRequest, reply: FastifyReply, secret: string): void {
  void reply.header('set-cookie', sessionCookie(secret, Math.floor(ctx.sessionTtlMs / 1000), cookieIsSecure(ctx, request)));
}

/** Delete the session cookie in the browser. */
export function clearSessionCookie(ctx: ConsoleContext, request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('set-cookie', clearedSessionCookie(cookieIsSecure(ctx, request)));
}
