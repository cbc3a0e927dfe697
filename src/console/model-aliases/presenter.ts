import { abilitiesOf, type Policy } from '../../auth/authorize.js';
import type { Permission } from '../../auth/permissions.js';
import type { ModelAliasAction } from '../../auth/policies/model-alias.js';
import type { ModelAliasRow } from '../../catalog/model-alias-repository.js';
import { isoTime } from '../internal/wire.js';
import type { AliasView } from './schema.js';

/** Present an alias with the caller's abilities. */
export function presentAlias(row: ModelAliasRow, policy: Policy<ModelAliasAction>, permissions: ReadonlySet<Permission>): AliasView {
  return {
    id: row.id, org_id: row.orgId, project_id: row.projectId, name: row.name, target: row.target,
    created_at: isoTime(row.createdAt), updated_at: isoTime(row.updatedAt), abilities: abilitiesOf(policy, permissions),
  };
}

/** An alias's audit snapshot. */
export function snapshotAlias(row: ModelAliasRow): Record<string, unknown> {
  return { id: row.id, project_id: row.projectId, name: row.name, target: row.target };
}
