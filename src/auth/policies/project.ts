import type { Policy } from '../authorize.js';

/** Actions on a project. */
export type ProjectAction =
  | 'read' | 'update' | 'manage_members' | 'manage_keys' | 'manage_aliases' | 'manage_limits' | 'manage_budget' | 'read_requests' | 'read_usage'
  | 'use_playground';

/** Project policy: action → permission. */
export const projectPolicy: Policy<ProjectAction> = {
  read: 'project.read',
  update: 'project.update',
  manage_members: 'project.members.manage',
  manage_keys: 'project.keys.manage',
  manage_aliases: 'project.aliases.manage',
  manage_limits: 'project.limits.manage',
  manage_budget: 'project.budget.manage',
  read_requests: 'project.requests.read',
  read_usage: 'project.usage.read',
  use_playground: 'project.playground.use',
};
