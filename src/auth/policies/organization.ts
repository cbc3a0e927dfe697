import type { Policy } from '../authorize.js';

/** Actions on an organization. */
export type OrganizationAction =
  | 'read' | 'update' | 'convert' | 'delete' | 'manage_members' | 'manage_owners' | 'manage_aliases' | 'manage_billing' | 'read_audit_log' | 'create_project';

/** Organization policy: action → permission. */
export const organizationPolicy: Policy<OrganizationAction> = {
  read: 'org.read',
  update: 'org.update',
  convert: 'org.convert',
  delete: 'org.delete',
  manage_members: 'org.members.manage',
  manage_owners: 'org.owners.manage',
  manage_aliases: 'org.aliases.manage',
  manage_billing: 'org.billing.manage',
  read_audit_log: 'org.audit.read',
  create_project: 'project.create',
};
