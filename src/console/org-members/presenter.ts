import { abilitiesOf, type Policy } from '../../auth/authorize.js';
import type { MemberAction } from '../../auth/policies/member.js';
import type { Permission } from '../../auth/permissions.js';
import type { MemberRow } from '../../auth/membership-repository.js';
import { isoTime } from '../internal/wire.js';
import type { MemberView } from './schema.js';

/** Present a member with the caller's abilities on the membership. */
export function presentMember(row: MemberRow, policy: Policy<MemberAction>, permissions: ReadonlySet<Permission>): MemberView {
  const abilities = abilitiesOf(policy, permissions);
  // Changing or removing an owner also needs the owner permission.
  if (row.role === 'owner' && !permissions.has('org.owners.manage')) Object.assign(abilities, { update: false, remove: false });
  return { user_id: row.userId, email: row.email, name: row.name, role: row.role, created_at: isoTime(row.createdAt), abilities };
}

/** A membership's audit snapshot. */
export function snapshotMember(row: MemberRow): Record<string, unknown> {
  return { user_id: row.userId, email: row.email, role: row.role };
}
