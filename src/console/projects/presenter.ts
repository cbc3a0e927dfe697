import { abilitiesOf, type ProjectAccess } from '../../auth/authorize.js';
import { projectPolicy } from '../../auth/policies/project.js';
import type { ProjectRow } from '../../tenancy/project-repository.js';
import { isoTime } from '../internal/wire.js';
import type { ProjectView } from './schema.js';

/** Present a project with the caller's role and abilities in it. */
export function presentProject(project: ProjectRow, access: ProjectAccess): ProjectView {
  return {
    id: project.id,
    org_id: project.orgId,
    name: project.name,
    role: access.projectRole,
    created_at: isoTime(project.createdAt),
    abilities: abilitiesOf(projectPolicy, access.permissions),
  };
}

/** A project's audit snapshot. */
export function snapshotProject(project: ProjectRow): Record<string, unknown> {
  return { id: project.id, org_id: project.orgId, name: project.name };
}
