import { getAccessToken, insertAccessToken, listAccessTokens, revokeAccessToken } from '../../auth/access-token-repository.js';
import { authorizeOrg, type Actor } from '../../auth/authorize.js';
import { GatewayError } from '../../core/errors.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { presentAccessToken } from './presenter.js';

type Person = Extract<Actor, { kind: 'user' }>;

/** Create an access token for the caller; the secret is returned once. */
export async function createAccessToken(
  ctx: ConsoleContext, change: ChangeContext, actor: Person, input: { readonly name: string; readonly org_id?: string | null | undefined; readonly expires_at?: number | null | undefined },
) {
  // A token narrowed to one organization may only make tokens narrowed the same way.
  const orgId = input.org_id ?? actor.onlyOrgId;
  if (actor.onlyOrgId !== null && orgId !== actor.onlyOrgId) throw new GatewayError('CONSOLE_FORBIDDEN', 'A narrowed token can only create tokens for its own organization.', { param: 'org_id' });
  if (orgId !== null) await authorizeOrg(ctx.db, actor, orgId, null);
  // A token may mint tokens, but none that outlives it: a leaked short-lived token cannot make itself permanent.
  const ceiling = actor.via === 'access_token' ? actor.tokenExpiresAt : null;
  const expiresAt = input.expires_at === undefined ? ceiling : input.expires_at;
  if (expiresAt !== null && expiresAt <= change.now) throw new GatewayError('GW_INVALID_VALUE', 'expires_at must be in the future.', { param: 'expires_at' });
  if (ceiling !== null && (expiresAt === null || expiresAt > ceiling)) {
    throw new GatewayError('GW_INVALID_VALUE', `A token can only create tokens that expire no later than itself (${new Date(ceiling).toISOString()}).`, { param: 'expires_at' });
  }
  const created = await ctx.db.transaction().execute(async (trx) => {
    const result = await insertAccessToken(trx, { userId: actor.userId, orgId, name: input.name, expiresAt, now: change.now });
    await writeAudit(trx, change, { orgId, action: 'access_token.create', targetType: 'access_token', targetId: result.token.id, before: null, after: presentAccessToken(result.token) });
    return result;
  });
  return { ...presentAccessToken(created.token), secret: created.secret };
}

/** The caller's tokens, newest first. */
export async function listAccessTokenViews(ctx: ConsoleContext, actor: Person, query: { readonly limit: number; readonly cursor?: string | undefined }) {
  const rows = await listAccessTokens(ctx.db, actor.userId, toPageRequest(query));
  return toPage(rows, query, presentAccessToken);
}

/** Revoke one of the caller's tokens (someone else's answers 404). */
export async function revokeOwnAccessToken(ctx: ConsoleContext, change: ChangeContext, actor: Person, tokenId: string): Promise<void> {
  const token = await getAccessToken(ctx.db, actor.userId, tokenId);
  if (token === null) throw new GatewayError('CONSOLE_NOT_FOUND', `No access token '${tokenId}'.`);
  await ctx.db.transaction().execute(async (trx) => {
    await revokeAccessToken(trx, tokenId);
    await writeAudit(trx, change, { orgId: token.orgId, action: 'access_token.revoke', targetType: 'access_token', targetId: tokenId, before: presentAccessToken(token), after: presentAccessToken({ ...token, revoked: true }) });
  });
}
