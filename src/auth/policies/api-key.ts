import type { Policy } from '../authorize.js';

/** Actions on an inference key. */
export type ApiKeyAction = 'read' | 'update' | 'delete';

/** API key policy: action → permission (keys are managed per project). */
export const apiKeyPolicy: Policy<ApiKeyAction> = {
  read: 'project.read',
  update: 'project.keys.manage',
  delete: 'project.keys.manage',
};
