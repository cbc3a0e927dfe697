import type { Kysely } from 'kysely';
import { authorizeOrg, resolveOrgAccess, type Actor } from '../../auth/authorize.js';
import { GatewayError } from '../../core/errors.js';
import { listApiKeysByProject, updateApiKey } from '../../auth/api-key-repository.js';
import type { Database } from '../../store/schema.js';
import { insertOrgMembership, listUserOrgs } from '../../auth/membership-repository.js';
import { findOrgIdBySlug, getOrgSettings, putOrgSettings, type OrgSettings } from '../../tenancy/org-settings-repository.js';
import { createOrganization, getOrganization, listOrganizations, type OrganizationRow } from '../../tenancy/organization-repository.js';
import { createProject, listProjects } from '../../tenancy/project-repository.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { presentOrganization, snapshotOrganization } from './presenter.js';
import type { OrganizationView } from './schema.js';

/** Create an organization with its settings, a first project and an owner; call inside the caller's transaction. */
export async function createOrganizationWithOwner(
  trx: Kysely<Database>,
  input: { readonly name: string; readonly ownerId: string; readonly personal: boolean; readonly now: number },
): Promise<OrganizationRow> {
  const org = await createOrganization(trx, { name: input.name, now: input.now });
  await putOrgSettings(trx, org.id, { slug: null, personal: input.personal, projectAccess: 'open', allowedModels: [], closedAt: null }, input.now);
  await insertOrgMembership(trx, { orgId: org.id, userId: input.ownerId, role: 'owner', now: input.now });
  await createProject(trx, { orgId: org.id, name: 'Default project', now: input.now });
  return org;
}

/** The organization as the caller sees it. */
export async function getOrganizationView(ctx: ConsoleContext, actor: Actor, orgId: string): Promise<OrganizationView> {
  const access = await authorizeOrg(ctx.db, actor, orgId, 'org.read');
  const org = (await getOrganization(ctx.db, orgId))!;
  return presentOrganization(org, await getOrgSettings(ctx.db, orgId), access);
}

/** Organizations the caller belongs to (every organization for the operator). */
export async function listOrganizationViews(ctx: ConsoleContext, actor: Actor): Promise<OrganizationView[]> {
  const ids = actor.kind === 'operator' ? (await listOrganizations(ctx.db, { limit: 1000 })).map((o) => o.id) : (await listUserOrgs(ctx.db, actor.userId)).map((o) => o.orgId);
  const views: OrganizationView[] = [];
  for (const id of ids) {
    const access = await resolveOrgAccess(ctx.db, actor, id);
    if (access !== null) views.push(presentOrganization((await getOrganization(ctx.db, id))!, await getOrgSettings(ctx.db, id), access));
  }
  return views;
}

/** Create a company organization with the caller as owner (and a default project). */
export async function createCompanyOrganization(ctx: ConsoleContext, change: ChangeContext, userId: string, input: { readonly name: string; readonly slug?: string | undefined }): Promise<OrganizationView> {
  if (input.slug !== undefined && (await findOrgIdBySlug(ctx.db, input.slug)) !== null) throw new GatewayError('CONSOLE_CONFLICT', `The URL '${input.slug}' is taken.`, { param: 'slug' });
  const org = await ctx.db.transaction().execute(async (trx) => {
    const created = await createOrganizationWithOwner(trx, { name: input.name, ownerId: userId, personal: false, now: change.now });
    const settings = { ...(await getOrgSettings(trx, created.id)), slug: input.slug ?? null };
    await putOrgSettings(trx, created.id, settings, change.now);
    await writeAudit(trx, change, { orgId: created.id, action: 'organization.create', targetType: 'organization', targetId: created.id, before: null, after: snapshotOrganization(created, settings) });
    return created;
  });
  return getOrganizationView(ctx, change.actor!, org.id);
}

type SettingsChange = (org: OrganizationRow, settings: OrgSettings) => { readonly name?: string; readonly settings?: OrgSettings };

/** Change an organization's name or settings in one transaction with its audit entry. */
async function changeOrganization(ctx: ConsoleContext, change: ChangeContext, orgId: string, permission: 'org.update' | 'org.convert', action: string, apply: SettingsChange): Promise<OrganizationView> {
  const actor = change.actor!;
  const access = await authorizeOrg(ctx.db, actor, orgId, permission);
  await ctx.db.transaction().execute(async (trx) => {
    const org = (await getOrganization(trx, orgId))!;
    const settings = await getOrgSettings(trx, orgId);
    const next = apply(org, settings);
    if (next.name !== undefined) await trx.updateTable('organizations').set({ name: next.name }).where('id', '=', orgId).execute();
    if (next.settings !== undefined) await putOrgSettings(trx, orgId, next.settings, change.now);
    const after = snapshotOrganization({ ...org, name: next.name ?? org.name }, next.settings ?? settings);
    await writeAudit(trx, change, { orgId, action, targetType: 'organization', targetId: orgId, before: snapshotOrganization(org, settings), after });
  });
  return presentOrganization((await getOrganization(ctx.db, orgId))!, await getOrgSettings(ctx.db, orgId), access);
}

/** Rename an organization. */
export function renameOrganization(ctx: ConsoleContext, change: ChangeContext, orgId: string, name: string): Promise<OrganizationView> {
  return changeOrganization(ctx, change, orgId, 'org.update', 'organization.rename', () => ({ name }));
}

/** Set the project-access mode. */
export function setProjectAccess(ctx: ConsoleContext, change: ChangeContext, orgId: string, mode: 'open' | 'restricted'): Promise<OrganizationView> {
  return changeOrganization(ctx, change, orgId, 'org.update', 'organization.project_access', (_org, s) => ({ settings: { ...s, projectAccess: mode } }));
}

/** Set the models the organization may call (empty: all); ids must exist in the catalogue when it is known. */
export function setAllowedModels(ctx: ConsoleContext, change: ChangeContext, orgId: string, models: readonly string[]): Promise<OrganizationView> {
  const known = ctx.modelIds?.();
  const unknown = known ? models.find((m) => !known.has(m)) : undefined;
  if (unknown !== undefined) throw new GatewayError('GW_INVALID_VALUE', `Unknown model '${unknown}'.`, { param: `models[${models.indexOf(unknown)}]` });
  const unique = [...new Set(models)];
  return changeOrganization(ctx, change, orgId, 'org.update', 'organization.allowed_models', (_org, s) => ({ settings: { ...s, allowedModels: unique } }));
}

/** Convert a personal organization into a company organization with a name and URL slug. */
export async function convertOrganization(ctx: ConsoleContext, change: ChangeContext, orgId: string, input: { readonly name: string; readonly slug: string }): Promise<OrganizationView> {
  const owner = await findOrgIdBySlug(ctx.db, input.slug);
  return changeOrganization(ctx, change, orgId, 'org.convert', 'organization.convert', (_org, s) => {
    if (!s.personal) throw new GatewayError('CONSOLE_CONFLICT', 'This organization is already a company organization.');
    if (owner !== null) throw new GatewayError('CONSOLE_CONFLICT', `The URL '${input.slug}' is taken.`, { param: 'slug' });
    return { name: input.name, settings: { ...s, personal: false, slug: input.slug } };
  });
}

/** Delete (close) an organization: disable every key (so gateways stop them) and hide it; nothing is erased. */
export async function closeOrganization(ctx: ConsoleContext, change: ChangeContext, orgId: string): Promise<void> {
  await authorizeOrg(ctx.db, change.actor!, orgId, 'org.delete');
  await ctx.db.transaction().execute(async (trx) => {
    const org = (await getOrganization(trx, orgId))!;
    const settings = await getOrgSettings(trx, orgId);
    for (const project of await listProjects(trx, orgId)) {
      for (const key of await listApiKeysByProject(trx, project.id)) if (!key.disabled) await updateApiKey(trx, key.id, { disabled: true }, change.now);
    }
    await putOrgSettings(trx, orgId, { ...settings, closedAt: change.now }, change.now);
    await writeAudit(trx, change, { orgId, action: 'organization.delete', targetType: 'organization', targetId: orgId, before: snapshotOrganization(org, settings), after: null });
  });
}
