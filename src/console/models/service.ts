import type { Actor } from '../../auth/authorize.js';
import { authorizeOrg } from '../../auth/authorize.js';
import { getOrgSettings } from '../../tenancy/org-settings-repository.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { presentOrgModel } from './presenter.js';

/**
 * The whole catalogue (one page: it lives in memory and holds tens of models), each model marked
 * allowed or not for the organization. A console run without a gateway (no catalogue) lists none.
 */
export async function listOrgModels(ctx: ConsoleContext, actor: Actor, orgId: string) {
  await authorizeOrg(ctx.db, actor, orgId, 'org.read');
  if (ctx.catalogue === null) return { data: [], next_cursor: null };
  const { allowedModels } = await getOrgSettings(ctx.db, orgId);
  const allowAll = allowedModels.length === 0;
  const now = ctx.now();
  const models = [...ctx.catalogue().models.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const health = ctx.modelHealth;
  return { data: models.map((m) => presentOrgModel(m, allowAll || allowedModels.includes(m.id), now, health === null ? 'serving' : health(m))), next_cursor: null };
}
