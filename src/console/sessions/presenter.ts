import type { Actor } from '../../auth/authorize.js';
import type { UserRow } from '../../auth/user-repository.js';
import { isoTime } from '../internal/wire.js';
import type { MeView } from './schema.js';

/** Present a person (never the password hash). */
export function presentUser(user: UserRow): NonNullable<MeView['user']> {
  return { id: user.id, email: user.email, name: user.name, created_at: isoTime(user.createdAt) };
}

/** Present how the caller authenticated. */
export function presentAuth(actor: Actor): MeView['auth'] {
  if (actor.kind === 'operator') return { kind: 'operator', organization_id: null };
  return { kind: actor.via, organization_id: actor.onlyOrgId };
}
