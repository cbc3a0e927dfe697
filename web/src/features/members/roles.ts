import type { OrgRole } from './queries';

/** Every organization role, with what it lets a person do (docs/console-api.md, Roles and permissions). */
export const ORG_ROLE_HINTS: Readonly<Record<OrgRole, string>> = {
  owner: 'Everything, including owners, billing and deleting the organization.',
  admin: 'Members, projects, aliases, limits, webhooks and the audit log; not billing.',
  billing_admin: 'Balance, top-ups, statements, alerts and project budgets.',
  developer: 'Keys and the request log of the projects they reach.',
  viewer: 'Reads the projects they reach; changes nothing.',
  auditor: 'Reads everything, billing and the audit log included; changes nothing.',
};

/** The roles in the order a picker lists them. */
export const ORG_ROLES = Object.keys(ORG_ROLE_HINTS) as OrgRole[];

/** Whether a string the API sent is an organization role. */
export function isOrgRole(role: string): role is OrgRole {
  return role in ORG_ROLE_HINTS;
}
