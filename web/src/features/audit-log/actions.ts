/**
 * Audit actions the gateway writes (`<object>.<verb>`), in words. Display only: an action not
 * listed here is shown as the API names it.
 */
export const AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  'organization.create': 'Created the organization',
  'organization.rename': 'Renamed the organization',
  'organization.convert': 'Converted to a company organization',
  'organization.project_access': 'Changed project access',
  'organization.allowed_models': 'Changed allowed models',
  'organization.delete': 'Deleted the organization',
  'org_member.update': 'Changed a member’s role',
  'org_member.remove': 'Removed a member',
  'invite.create': 'Invited someone',
  'invite.revoke': 'Revoked an invite',
  'invite.accept': 'Accepted an invite',
  'project.create': 'Created a project',
  'project.rename': 'Renamed a project',
  'project_member.add': 'Added a project member',
  'project_member.update': 'Changed a project role',
  'project_member.remove': 'Removed a project member',
  'project_limits.update': 'Changed project rate limits',
  'project_budget.update': 'Changed a project budget',
  'model_alias.create': 'Created an alias',
  'model_alias.update': 'Changed an alias',
  'model_alias.delete': 'Deleted an alias',
  'api_key.create': 'Created an API key',
  'api_key.update': 'Changed an API key',
  'api_key.delete': 'Deleted an API key',
  'access_token.create': 'Created an access token',
  'access_token.revoke': 'Revoked an access token',
  'billing_alerts.update': 'Changed balance alerts',
  'payment.create': 'Started a top-up',
  'payment.complete': 'Completed a top-up',
  'payment.cancel': 'Canceled a top-up',
  'payment.fail': 'A top-up failed',
  'webhook_endpoint.create': 'Created a webhook endpoint',
  'webhook_endpoint.update': 'Changed a webhook endpoint',
  'webhook_endpoint.delete': 'Deleted a webhook endpoint',
  'webhook_endpoint.rotate_secret': 'Rotated a webhook secret',
  'webhook_endpoint.test': 'Sent a webhook test',
};

/** Kinds of object an entry is about, in words. */
export const AUDIT_TARGETS: Readonly<Record<string, string>> = {
  organization: 'Organization',
  org_member: 'Member',
  invite: 'Invite',
  project: 'Project',
  project_member: 'Project member',
  project_limits: 'Project limits',
  model_alias: 'Alias',
  api_key: 'API key',
  access_token: 'Access token',
  billing_alerts: 'Balance alerts',
  payment: 'Payment',
  webhook_endpoint: 'Webhook endpoint',
  user: 'Person',
};

/** An action in words, or as the API names it. */
export function actionLabel(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}
