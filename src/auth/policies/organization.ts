import type { Policy } from '../authorize.js';

/** Actions on an organization. */
export type OrganizationAction =
  | 'read' | 'update' | 'convert' | 'delete' | 'manage_members' | 'manage_owners' | 'manage_aliases'
  | 'read_billing' | 'manage_billing' | 'manage_webhooks' | 'read_audit_log' | 'read_usage' | 'create_project';

/** Organization policy: action → permission. */
export const organizationPolicy: Policy<OrganizationAction> = {
  read: 'org.read',
  update: 'org.update',
  convert: 'org.convert',
  delete: 'org.delete',
  manage_members: 'org.members.manage',
  manage_owners: 'org.owners.manage',
  manage_aliases: 'org.aliases.manage',
  read_billing: 'org.billing.read',
  manage_billing: 'org.billing.manage',
  manage_webhooks: 'org.webhooks.manage',
  read_audit_log: 'org.audit.read',
  read_usage: 'org.usage.read',
  create_project: 'project.create',
};
