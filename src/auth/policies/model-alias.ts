import type { Policy } from '../authorize.js';

/** Actions on a model alias. */
export type ModelAliasAction = 'read' | 'update' | 'delete';

/** Organization alias policy. */
export const orgModelAliasPolicy: Policy<ModelAliasAction> = { read: 'org.read', update: 'org.aliases.manage', delete: 'org.aliases.manage' };

/** Project alias policy. */
export const projectModelAliasPolicy: Policy<ModelAliasAction> = { read: 'project.read', update: 'project.aliases.manage', delete: 'project.aliases.manage' };
