import { formatUsd, parseUsd } from '../core/money.js';
import { getKeyBudget, getProjectLimits, setKeyBudget, setProjectLimits } from '../limits/limit-settings-repository.js';
import { getProject } from '../tenancy/project-repository.js';
import { AdminCommandError, type AdminCommand, type Values } from './admin-command.js';

function requireText(values: Values, flag: string): string {
  const value = values[flag];
  if (typeof value !== 'string' || value.trim() === '') throw new AdminCommandError(`--${flag} is required.`, 2);
  return value.trim();
}

/** Operator commands for project rate limits and budgets and key budgets. */
export const LIMIT_COMMANDS: Readonly<Record<string, AdminCommand>> = {
  'project limits': {
    options: { project: { type: 'string' }, rpm: { type: 'string' }, tpm: { type: 'string' }, budget: { type: 'string' } },
    help: 'Usage: tf-gateway admin project limits --project PROJECT_ID [--rpm N|none] [--tpm N|none] [--budget USD|none]\n\nSet a project\'s requests and tokens per minute and its monthly budget (USD); `none` removes a limit, 0 blocks. Flags not given keep their value. Running gateways apply it within 10 s. Prints {"projectId","rpm","tpm","budgetUsd"}.',
    run: async (db, v) => {
      const project = await getProject(db, requireText(v, 'project'));
      if (project === null) throw new AdminCommandError(`Project '${String(v.project)}' does not exist.`);
      const current = await getProjectLimits(db, project.id);
      const limits = {
        rpm: v.rpm === undefined ? current.rpm : parseLimit(String(v.rpm), 'rpm'),
        tpm: v.tpm === undefined ? current.tpm : parseLimit(String(v.tpm), 'tpm'),
        budgetNano: v.budget === undefined ? current.budgetNano : parseBudget(String(v.budget)),
      };
      await setProjectLimits(db, project.id, project.orgId, limits, Date.now());
      return { projectId: project.id, rpm: limits.rpm, tpm: limits.tpm, budgetUsd: limits.budgetNano === null ? null : formatUsd(limits.budgetNano) };
    },
  },
  'key budget': {
    options: { id: { type: 'string' }, budget: { type: 'string' } },
    help: 'Usage: tf-gateway admin key budget --id KEY_ID --budget USD|none\n\nSet a key\'s monthly budget (USD, UTC months); `none` removes it, 0 blocks the key. Running gateways apply it within 10 s. Prints {"id","budgetUsd"}.',
    run: async (db, v) => {
      const id = requireText(v, 'id');
      const key = await db.selectFrom('api_keys').select('id').where('id', '=', id).executeTakeFirst();
      if (key === undefined) throw new AdminCommandError(`Key '${id}' does not exist.`);
      await setKeyBudget(db, id, parseBudget(requireText(v, 'budget')));
      const budget = await getKeyBudget(db, id);
      return { id, budgetUsd: budget === null ? null : formatUsd(budget) };
    },
  },
};

/** A per-minute limit: a non-negative integer, or `none`. */
function parseLimit(text: string, flag: string): number | null {
  if (text === 'none') return null;
  if (!/^\d+$/.test(text) || Number(text) > 2 ** 31 - 1) throw new AdminCommandError(`--${flag} must be a whole number or 'none'; got '${text}'.`, 2);
  return Number(text);
}

/** A budget in USD (at most 9 decimals), or `none`. */
function parseBudget(text: string): bigint | null {
  if (text === 'none') return null;
  const nano = parseUsd(text);
  if (nano === null) throw new AdminCommandError(`--budget must be a USD decimal such as 25.00, or 'none'; got '${text}'.`, 2);
  return nano;
}
