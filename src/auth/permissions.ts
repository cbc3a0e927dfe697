/**
 * THE permission table of the console: role → permissions. Every check goes through
 * `authorize.ts`, which reads only this file. docs/console-api.md shows the same table; a test
 * checks the two agree.
 */

/** Organization roles, most powerful first. */
export const ORG_ROLES = ['owner', 'admin', 'billing_admin', 'developer', 'viewer', 'auditor'] as const;
/** A person's role in an organization. */
export type OrgRole = (typeof ORG_ROLES)[number];

/** Project roles; they only add to the organization role, inside that one project. */
export const PROJECT_ROLES = ['admin', 'developer', 'viewer'] as const;
/** A person's additive role in a project. */
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** Permissions that apply to the organization as a whole. */
export const ORG_PERMISSIONS = [
  'org.read', // see the organization, its settings and member list
  'org.update', // rename, project-access mode, allowed models
  'org.convert', // turn a personal organization into a company one
  'org.delete', // delete (close) the organization
  'org.members.manage', // invite, change roles (not owner), remove members
  'org.owners.manage', // grant or take the owner role
  'org.aliases.manage', // organization model aliases
  'org.billing.read', // balance, ledger, transactions, statements and payments (read and export)
  'org.billing.manage', // top-ups, balance alerts and project budgets
  'org.webhooks.manage', // webhook endpoints, their secrets and deliveries
  'org.audit.read', // read the audit log
  'org.usage.read', // organization-wide usage analytics (every project)
  'project.create', // create projects
] as const;
/** A permission on the organization. */
export type OrgPermission = (typeof ORG_PERMISSIONS)[number];

/** Permissions that apply inside one project (granted org-wide by an org role, or per project by a project role). */
export const PROJECT_PERMISSIONS = [
  'project.read', // see the project, its limits, aliases and key metadata (never secrets)
  'project.update', // rename the project
  'project.members.manage', // add, change and remove project members
  'project.keys.manage', // create, update, disable and delete keys
  'project.aliases.manage', // project model aliases
  'project.limits.manage', // rpm and tpm
  'project.budget.manage', // the project budget
  'project.requests.read', // the request log
  'project.usage.read', // the project's usage analytics
  'project.playground.use', // chat in the console playground, billed to the project like a key's request
] as const;
/** A permission inside a project. */
export type ProjectPermission = (typeof PROJECT_PERMISSIONS)[number];

/** Any console permission. */
export type Permission = OrgPermission | ProjectPermission;

const ALL_PROJECT: readonly ProjectPermission[] = PROJECT_PERMISSIONS;
const READ_PROJECT: readonly ProjectPermission[] = ['project.read', 'project.requests.read', 'project.usage.read'];

/** What each organization role may do; project permissions listed here hold in every project the role can reach. */
export const ORG_ROLE_PERMISSIONS: Readonly<Record<OrgRole, readonly Permission[]>> = {
  owner: [...ORG_PERMISSIONS, ...ALL_PROJECT],
  admin: ['org.read', 'org.update', 'org.members.manage', 'org.aliases.manage', 'org.webhooks.manage', 'org.audit.read', 'org.usage.read', 'project.create', ...ALL_PROJECT],
  billing_admin: ['org.read', 'org.billing.read', 'org.billing.manage', 'org.usage.read', ...READ_PROJECT, 'project.budget.manage'],
  developer: ['org.read', ...READ_PROJECT, 'project.keys.manage', 'project.playground.use'],
  viewer: ['org.read', ...READ_PROJECT],
  auditor: ['org.read', 'org.billing.read', 'org.audit.read', 'org.usage.read', ...READ_PROJECT],
};

/** What each project role adds inside its project. */
export const PROJECT_ROLE_PERMISSIONS: Readonly<Record<ProjectRole, readonly ProjectPermission[]>> = {
  admin: ALL_PROJECT,
  developer: [...READ_PROJECT, 'project.keys.manage', 'project.playground.use'],
  viewer: READ_PROJECT,
};

/** Organization roles that see every project even when the organization's project access is `restricted`. */
export const SEES_EVERY_PROJECT: ReadonlySet<OrgRole> = new Set(['owner', 'admin', 'billing_admin', 'auditor']);

/** Whether a string is an organization role. */
export function isOrgRole(value: string): value is OrgRole {
  return (ORG_ROLES as readonly string[]).includes(value);
}

/** Whether a string is a project role. */
export function isProjectRole(value: string): value is ProjectRole {
  return (PROJECT_ROLES as readonly string[]).includes(value);
}
