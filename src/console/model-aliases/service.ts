import { authorizeOrg, authorizeProject, type Actor, type Policy } from '../../auth/authorize.js';
import type { Permission } from '../../auth/permissions.js';
import { orgModelAliasPolicy, projectModelAliasPolicy, type ModelAliasAction } from '../../auth/policies/model-alias.js';
import {
  deleteModelAlias, findModelAliasByName, getModelAlias, insertModelAlias, listModelAliases, updateModelAlias, type AliasScope,
} from '../../catalog/model-alias-repository.js';
import { parseModelName } from '../../catalog/parse-model-name.js';
import { GatewayError } from '../../core/errors.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { presentAlias, snapshotAlias } from './presenter.js';
import type { AliasView } from './schema.js';

/** Where an alias lives, as the route names it. */
export type AliasOwner = { readonly orgId: string } | { readonly projectId: string };

interface Resolved {
  readonly scope: AliasScope;
  readonly policy: Policy<ModelAliasAction>;
  readonly permissions: ReadonlySet<Permission>;
}

/** Authorize against the organization or project and return the alias scope. */
async function resolve(ctx: ConsoleContext, actor: Actor, owner: AliasOwner, write: boolean): Promise<Resolved> {
  if ('orgId' in owner) {
    const access = await authorizeOrg(ctx.db, actor, owner.orgId, write ? 'org.aliases.manage' : 'org.read');
    return { scope: { orgId: owner.orgId, projectId: null }, policy: orgModelAliasPolicy, permissions: access.permissions };
  }
  const access = await authorizeProject(ctx.db, actor, owner.projectId, write ? 'project.aliases.manage' : 'project.read');
  return { scope: { orgId: access.orgId, projectId: owner.projectId }, policy: projectModelAliasPolicy, permissions: access.permissions };
}

/**
 * A target is a model name as clients send it (`openai/gpt-4o@2024-08-06@effort:low`): its modifiers
 * must parse, and its base must be a catalogue model or, for a project alias, an organization alias.
 */
async function checkAlias(ctx: ConsoleContext, scope: AliasScope, input: { readonly name?: string | undefined; readonly target?: string | undefined }): Promise<void> {
  let base: string | null = null;
  if (input.target !== undefined) {
    try {
      base = parseModelName(input.target).base;
    } catch (error) {
      throw new GatewayError('GW_INVALID_VALUE', error instanceof Error ? error.message : String(error), { param: 'target' });
    }
  }
  const known = ctx.modelIds?.();
  if (!known) return;
  if (input.name !== undefined && known.has(input.name)) throw new GatewayError('GW_INVALID_VALUE', `'${input.name}' is a catalogue model id; an alias may not hide it.`, { param: 'name' });
  if (base === null || known.has(base)) return;
  const orgAlias = scope.projectId === null ? null : await findModelAliasByName(ctx.db, { orgId: scope.orgId, projectId: null }, base);
  if (orgAlias === null) throw new GatewayError('GW_INVALID_VALUE', `Unknown model '${base}'.`, { param: 'target' });
}

/** Aliases of an organization or project, oldest first. */
export async function listAliasViews(ctx: ConsoleContext, actor: Actor, owner: AliasOwner, query: { readonly limit: number; readonly cursor?: string | undefined }) {
  const r = await resolve(ctx, actor, owner, false);
  const rows = await listModelAliases(ctx.db, r.scope, toPageRequest(query));
  return toPage(rows, query, (row) => presentAlias(row, r.policy, r.permissions));
}

/** Create an alias (names are unique per scope). */
export async function createAlias(ctx: ConsoleContext, change: ChangeContext, owner: AliasOwner, input: { readonly name: string; readonly target: string }): Promise<AliasView> {
  const r = await resolve(ctx, change.actor!, owner, true);
  await checkAlias(ctx, r.scope, input);
  if ((await findModelAliasByName(ctx.db, r.scope, input.name)) !== null) throw new GatewayError('CONSOLE_CONFLICT', `An alias '${input.name}' exists here.`, { param: 'name' });
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertModelAlias(trx, r.scope, { ...input, now: change.now });
    await writeAudit(trx, change, { orgId: r.scope.orgId, action: 'model_alias.create', targetType: 'model_alias', targetId: created.id, before: null, after: snapshotAlias(created) });
    return created;
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new GatewayError('CONSOLE_CONFLICT', `An alias '${input.name}' exists here.`, { param: 'name' });
    throw error;
  });
  return presentAlias(row, r.policy, r.permissions);
}

/** Rename or retarget an alias. */
export async function updateAlias(ctx: ConsoleContext, change: ChangeContext, owner: AliasOwner, aliasId: string, input: { readonly name?: string | undefined; readonly target?: string | undefined }): Promise<AliasView> {
  const r = await resolve(ctx, change.actor!, owner, true);
  const before = await getModelAlias(ctx.db, r.scope, aliasId);
  if (before === null) throw new GatewayError('CONSOLE_NOT_FOUND', `No alias '${aliasId}' here.`);
  await checkAlias(ctx, r.scope, input);
  const clash = input.name === undefined ? null : await findModelAliasByName(ctx.db, r.scope, input.name);
  if (clash !== null && clash.id !== aliasId) throw new GatewayError('CONSOLE_CONFLICT', `An alias '${input.name}' exists here.`, { param: 'name' });
  await ctx.db.transaction().execute(async (trx) => {
    await updateModelAlias(trx, aliasId, { ...(input.name === undefined ? {} : { name: input.name }), ...(input.target === undefined ? {} : { target: input.target }) }, change.now);
    const after = (await getModelAlias(trx, r.scope, aliasId))!;
    await writeAudit(trx, change, { orgId: r.scope.orgId, action: 'model_alias.update', targetType: 'model_alias', targetId: aliasId, before: snapshotAlias(before), after: snapshotAlias(after) });
  });
  return presentAlias((await getModelAlias(ctx.db, r.scope, aliasId))!, r.policy, r.permissions);
}

/** Delete an alias. */
export async function removeAlias(ctx: ConsoleContext, change: ChangeContext, owner: AliasOwner, aliasId: string): Promise<void> {
  const r = await resolve(ctx, change.actor!, owner, true);
  const before = await getModelAlias(ctx.db, r.scope, aliasId);
  if (before === null) throw new GatewayError('CONSOLE_NOT_FOUND', `No alias '${aliasId}' here.`);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteModelAlias(trx, aliasId);
    await writeAudit(trx, change, { orgId: r.scope.orgId, action: 'model_alias.delete', targetType: 'model_alias', targetId: aliasId, before: snapshotAlias(before), after: null });
  });
}
