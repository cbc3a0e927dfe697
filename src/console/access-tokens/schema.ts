import { z } from 'zod';
import { pageQueryShape } from '../internal/pagination.js';
import { idParam, isoTimeInput } from '../internal/wire.js';

/** Path of routes on one access token. */
export const accessTokenParams = z.strictObject({
  /** Token id. */
  tokenId: idParam('tok'),
});

/** Query of `GET /me/access-tokens`. */
export const listAccessTokensQuery = z.strictObject({ ...pageQueryShape });

/** Body of `POST /me/access-tokens`. */
export const createAccessTokenBody = z.strictObject({
  /** Display name (what the token is for). */
  name: z.string().trim().min(1).max(100),
  /** Narrow the token to one organization you belong to; omit for all of yours. */
  org_id: idParam('org').nullable().optional(),
  /** Expiry (ISO 8601); omit or null for never. */
  expires_at: isoTimeInput.nullable().optional(),
});

/** An access token as sent (never the secret, except once at creation). */
export const accessTokenDto = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('First 12 characters, to recognise the token.'),
  org_id: z.string().nullable(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked: z.boolean(),
  created_at: z.string(),
});

/** A created token: the only time the secret is returned. */
export const createdAccessTokenDto = accessTokenDto.extend({ secret: z.string().describe('tf_at_...; shown once, stored only as a hash.') });
