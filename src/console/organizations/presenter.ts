import { abilitiesOf, type OrgAccess } from '../../auth/authorize.js';
import { organizationPolicy } from '../../auth/policies/organization.js';
import type { OrgSettings } from '../../tenancy/org-settings-repository.js';
import type { OrganizationRow } from '../../tenancy/organization-repository.js';
import { isoTime } from '../internal/wire.js';
import type { OrganizationView } from './schema.js';

/** Present an organization with its settings and the caller's abilities. */
export function presentOrganization(org: OrganizationRow, settings: OrgSettings, access: OrgAccess): OrganizationView {
  return {
    id: org.id,
    name: org.name,
    slug: settings.slug,
    personal: settings.personal,
    project_access: settings.projectAccess,
    allowed_models: [...settings.allowedModels],
    role: access.role,
    created_at: isoTime(org.createdAt),
    abilities: abilitiesOf(organizationPolicy, access.permissions),
  };
}

/** An organization's audit-log snapshot (no abilities: they are the caller's, not the object's). */
export function snapshotOrganization(org: OrganizationRow, settings: OrgSettings): Record<string, unknown> {
  return { id: org.id, name: org.name, slug: settings.slug, personal: settings.personal, project_access: settings.projectAccess, allowed_models: settings.allowedModels };
}
