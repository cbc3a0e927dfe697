import { insertModelAlias, setOrgAllowedModels } from '../catalog/model-access-repository.js';
import { getOrganization } from '../tenancy/organization-repository.js';
import { getProject } from '../tenancy/project-repository.js';
import { AdminCommandError, type AdminCommand, type Values } from './admin-command.js';

/** Alias names: no `/` (model ids have one) and no `@` (modifiers), so the three never collide. */
const ALIAS_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const MODEL_ID = /^[a-z0-9._-]+\/[a-z0-9._-]+(@.+)?$/i;

function text(values: Values, flag: string): string {
  const v = values[flag];
  if (typeof v !== 'string' || v.trim() === '') throw new AdminCommandError(`--${flag} is required.`, 2);
  return v.trim();
}

/** Operator commands for organization/project aliases and organization allowed-model lists. */
export const MODEL_ACCESS_COMMANDS: Readonly<Record<string, AdminCommand>> = {
  'alias create': {
    options: { org: { type: 'string' }, project: { type: 'string' }, name: { type: 'string' }, target: { type: 'string' } },
    help:
      'Usage: tf-gateway admin alias create --org ORG_ID [--project PROJECT_ID] --name NAME --target MODEL\n\n' +
      'Create an organization alias (or a project alias with --project; project aliases win). The target is a model id,\n' +
      'optionally with modifiers (openai/gpt-4o@effort:low). Prints {"id","orgId","projectId","name","target"}.',
    run: async (db, v) => {
      const orgId = text(v, 'org');
      if ((await getOrganization(db, orgId)) === null) throw new AdminCommandError(`Organization '${orgId}' does not exist.`);
      const projectId = typeof v.project === 'string' ? v.project : null;
      if (projectId !== null) {
        const project = await getProject(db, projectId);
        if (project === null || project.orgId !== orgId) throw new AdminCommandError(`Project '${projectId}' does not exist in ${orgId}.`);
      }
      const name = text(v, 'name');
      if (!ALIAS_NAME.test(name)) throw new AdminCommandError(`--name must be lowercase letters, digits, '.', '_' or '-' (no '/' or '@'); got '${name}'.`, 2);
      const target = text(v, 'target');
      if (!MODEL_ID.test(target)) throw new AdminCommandError(`--target must be a model id like openai/gpt-4o-mini, optionally with @ modifiers; got '${target}'.`, 2);
      try {
        return { ...(await insertModelAlias(db, { orgId, projectId, name, target })) };
      } catch {
        throw new AdminCommandError(`An alias named '${name}' already exists in that scope.`);
      }
    },
  },
  'org allowed-models': {
    options: { org: { type: 'string' }, models: { type: 'string' } },
    help:
      "Usage: tf-gateway admin org allowed-models --org ORG_ID --models ID,ID\n\nSet the models the organization's keys may call; --models '' allows every model. Prints {\"orgId\",\"allowedModels\"}.",
    run: async (db, v) => {
      const orgId = text(v, 'org');
      if ((await getOrganization(db, orgId)) === null) throw new AdminCommandError(`Organization '${orgId}' does not exist.`);
      if (typeof v.models !== 'string') throw new AdminCommandError('--models is required (use --models "" to allow every model).', 2);
      const models = v.models.split(',').map((m) => m.trim()).filter((m) => m !== '');
      const bad = models.find((m) => !MODEL_ID.test(m) || m.includes('@'));
      if (bad !== undefined) throw new AdminCommandError(`'${bad}' is not a model id like openai/gpt-4o-mini.`, 2);
      await setOrgAllowedModels(db, orgId, models);
      return { orgId, allowedModels: models };
    },
  },
};
