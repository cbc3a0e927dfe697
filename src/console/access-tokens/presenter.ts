import type { z } from 'zod';
import type { AccessTokenRow } from '../../auth/access-token-repository.js';
import { isoTime, isoTimeOrNull } from '../internal/wire.js';
import type { accessTokenDto } from './schema.js';

/** Present an access token (metadata only). */
export function presentAccessToken(row: AccessTokenRow): z.infer<typeof accessTokenDto> {
  return {
    id: row.id, name: row.name, prefix: row.prefix, org_id: row.orgId, expires_at: isoTimeOrNull(row.expiresAt),
    last_used_at: isoTimeOrNull(row.lastUsedAt), revoked: row.revoked, created_at: isoTime(row.createdAt),
  };
}
