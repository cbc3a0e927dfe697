import { getApiKey, listApiKeysByProject, type ApiKeyRow } from '../auth/api-key-repository.js';
import { getOrganization, listOrganizations } from '../tenancy/organization-repository.js';
import { getProject, listProjects } from '../tenancy/project-repository.js';
import { AdminCommandError, type AdminCommand, type Values } from './admin-command.js';

function text(values: Values, flag: string): string | undefined {
  const value = values[flag];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** A key as the CLI prints it: its prefix identifies it; the secret is stored hashed and never printed. */
function printableKey(key: ApiKeyRow): Record<string, unknown> {
  return {
    id: key.id, name: key.name, prefix: key.prefix, projectId: key.projectId, orgId: key.orgId, disabled: key.disabled,
    allowedModels: key.allowedModels, expiresAt: iso(key.expiresAt), createdAt: iso(key.createdAt),
  };
}

/**
 * `tf-gateway admin org list | project list | key list`: find the ids a lost demo key belonged to
 * (a key's secret cannot be shown again; `key create --project` makes a new one).
 */
export const LIST_COMMANDS: Readonly<Record<string, AdminCommand>> = {
  'org list': {
    options: { limit: { type: 'string' } },
    help: 'Usage: tf-gateway admin org list [--limit N]\n\nList organizations, oldest first (default 100). Prints {"organizations":[{"id","name","createdAt"}]}.',
    run: async (db, values) => {
      const limit = Number(text(values, 'limit') ?? 100);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new AdminCommandError('--limit must be an integer from 1 to 10000.', 2);
      const orgs = await listOrganizations(db, { limit });
      return { organizations: orgs.map((org) => ({ id: org.id, name: org.name, createdAt: iso(org.createdAt) })) };
    },
  },
  'project list': {
    options: { org: { type: 'string' } },
    help: 'Usage: tf-gateway admin project list --org ORG_ID\n\nList an organization\'s projects, oldest first. Prints {"orgId","projects":[{"id","name","createdAt"}]}.',
    run: async (db, values) => {
      const orgId = text(values, 'org');
      if (orgId === undefined) throw new AdminCommandError('--org is required.', 2);
      if ((await getOrganization(db, orgId)) === null) throw new AdminCommandError(`Organization '${orgId}' does not exist.`);
      const projects = await listProjects(db, orgId);
      return { orgId, projects: projects.map((p) => ({ id: p.id, name: p.name, createdAt: iso(p.createdAt) })) };
    },
  },
  'key list': {
    options: { project: { type: 'string' }, id: { type: 'string' } },
    help:
      'Usage: tf-gateway admin key list --project PROJECT_ID\n       tf-gateway admin key list --id KEY_ID\n\n' +
      'List a project\'s inference keys, oldest first (or the one key), without secrets: a secret is stored hashed and shown only when\n' +
      'the key is created. To replace a lost key, run \'key create --project PROJECT_ID\' and \'key disable --id KEY_ID\'.\n' +
      'Prints {"projectId","keys":[{"id","name","prefix","projectId","orgId","disabled","allowedModels","expiresAt","createdAt"}]}.',
    run: async (db, values) => {
      const id = text(values, 'id');
      if (id !== undefined) {
        const key = await getApiKey(db, id);
        if (key === null) throw new AdminCommandError(`Key '${id}' does not exist.`);
        return { projectId: key.projectId, keys: [printableKey(key)] };
      }
      const projectId = text(values, 'project');
      if (projectId === undefined) throw new AdminCommandError('--project (or --id) is required.', 2);
      if ((await getProject(db, projectId)) === null) throw new AdminCommandError(`Project '${projectId}' does not exist.`);
      const keys = await listApiKeysByProject(db, projectId);
      return { projectId, keys: keys.map(printableKey) };
    },
  },
};
