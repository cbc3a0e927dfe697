import { getApiKey, insertApiKey, updateApiKey, type ApiKeyRow } from '../../auth/api-key-repository.js';
import { generateApiKeySecret } from '../../auth/api-key-secret.js';
import { getApiKeySettings, putApiKeySettings } from '../../auth/api-key-settings-repository.js';
import { authorizeProject, type Actor } from '../../auth/authorize.js';
import { GatewayError } from '../../core/errors.js';
import { keysetAfter } from '../../store/keyset.js';
import { emitApiKeyEvent } from '../../webhooks/emit-api-key-event.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { readKeyActivity, utcMonthStart } from './key-activity.js';
import { presentApiKey, snapshotApiKey } from './presenter.js';
import type { ApiKeyView } from './schema.js';

/** Fields a create or update may carry (validated by schema.ts). */
export interface ApiKeyInput {
  /** Display name. */
  readonly name?: string | undefined;
  /** Disabled flag. */
  readonly disabled?: boolean | undefined;
  /** Expiry, ms, or null for never. */
  readonly expires_at?: number | null | undefined;
  /** Allowed model ids, or null for all. */
  readonly allowed_models?: string[] | null | undefined;
  /** Monthly budget, nano-USD, or null for none. */
  readonly budget_usd?: bigint | null | undefined;
}

function checkModels(ctx: ConsoleContext, models: readonly string[] | null | undefined): void {
  const known = ctx.modelIds?.();
  if (!known || !models) return;
  const index = models.findIndex((m) => !known.has(m));
  if (index >= 0) throw new GatewayError('GW_INVALID_VALUE', `Unknown model '${models[index]}'.`, { param: `allowed_models[${index}]` });
}

/** Keys of a project (deleted ones excluded), newest first. */
export async function listApiKeyViews(ctx: ConsoleContext, actor: Actor, projectId: string, query: { readonly limit: number; readonly cursor?: string | undefined }) {
  const access = await authorizeProject(ctx.db, actor, projectId, 'project.read');
  const page = toPageRequest(query);
  const ids = await ctx.db
    .selectFrom('api_keys as k')
    .leftJoin('api_key_settings as s', 's.key_id', 'k.id')
    .select('k.id')
    .where('k.project_id', '=', projectId)
    .where('s.deleted_at', 'is', null)
    .$if(page.after !== null, (q) => q.where(keysetAfter('k.created_at', 'k.id', page.after!, 'desc')))
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id', 'desc')
    .limit(page.limit)
    .execute();
  const rows = (await Promise.all(ids.map((r) => getApiKey(ctx.db, r.id)))).filter((r): r is ApiKeyRow => r !== null);
  const settings = await getApiKeySettings(ctx.db, rows.map((r) => r.id));
  const activity = await readKeyActivity(ctx.db, { orgId: access.orgId, projectId }, rows.map((r) => r.id), utcMonthStart(ctx.now()));
  return toPage(rows, query, (row) => presentApiKey(row, settings.get(row.id), access.permissions, activity(row.id)));
}

/** Load a live key of the project the caller can reach (404 for another project's or a deleted key). */
async function loadKey(ctx: ConsoleContext, actor: Actor, projectId: string, keyId: string, permission: 'project.read' | 'project.keys.manage') {
  const access = await authorizeProject(ctx.db, actor, projectId, permission);
  const key = await getApiKey(ctx.db, keyId);
  const settings = (await getApiKeySettings(ctx.db, [keyId])).get(keyId);
  if (key === null || key.projectId !== projectId || (settings?.deletedAt ?? null) !== null) throw new GatewayError('CONSOLE_NOT_FOUND', `No key '${keyId}' in this project.`);
  return { access, key, settings };
}

/** One key. */
export async function getApiKeyView(ctx: ConsoleContext, actor: Actor, projectId: string, keyId: string): Promise<ApiKeyView> {
  const { access, key, settings } = await loadKey(ctx, actor, projectId, keyId, 'project.read');
  const activity = await readKeyActivity(ctx.db, { orgId: access.orgId, projectId }, [keyId], utcMonthStart(ctx.now()));
  return presentApiKey(key, settings, access.permissions, activity(keyId));
}

/** Create a key; the secret is returned once and only its hash is stored. */
export async function createApiKey(ctx: ConsoleContext, change: ChangeContext, projectId: string, input: ApiKeyInput & { readonly name: string }) {
  const access = await authorizeProject(ctx.db, change.actor!, projectId, 'project.keys.manage');
  checkModels(ctx, input.allowed_models);
  if (input.expires_at != null && input.expires_at <= change.now) throw new GatewayError('GW_INVALID_VALUE', 'expires_at must be in the future.', { param: 'expires_at' });
  const generated = generateApiKeySecret();
  const key = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertApiKey(trx, {
      orgId: access.orgId, projectId, name: input.name, prefix: generated.prefix, hash: generated.hash,
      expiresAt: input.expires_at ?? null, allowedModels: input.allowed_models ?? null, now: change.now,
    });
    const createdBy = change.actor?.kind === 'user' ? change.actor.userId : null;
    await putApiKeySettings(trx, created.id, { budgetNano: input.budget_usd ?? null, createdBy });
    const settings = (await getApiKeySettings(trx, [created.id])).get(created.id);
    await writeAudit(trx, change, { orgId: access.orgId, action: 'api_key.create', targetType: 'api_key', targetId: created.id, before: null, after: snapshotApiKey(created, settings) });
    await emitApiKeyEvent(trx, { type: 'api_key.created' }, created, change.now);
    return created;
  });
  const settings = (await getApiKeySettings(ctx.db, [key.id])).get(key.id);
  return { ...presentApiKey(key, settings, access.permissions), secret: generated.secret };
}

/** Update a key; every change bumps `api_keys.updated_at` so gateways' key caches pick it up. */
export async function updateApiKeyFields(ctx: ConsoleContext, change: ChangeContext, projectId: string, keyId: string, input: ApiKeyInput): Promise<ApiKeyView> {
  const { access, key, settings } = await loadKey(ctx, change.actor!, projectId, keyId, 'project.keys.manage');
  checkModels(ctx, input.allowed_models);
  await ctx.db.transaction().execute(async (trx) => {
    const updated = (await updateApiKey(trx, keyId, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.disabled === undefined ? {} : { disabled: input.disabled }),
      ...(input.expires_at === undefined ? {} : { expiresAt: input.expires_at }),
      ...(input.allowed_models === undefined ? {} : { allowedModels: input.allowed_models }),
    }, change.now))!;
    if (input.budget_usd !== undefined) await putApiKeySettings(trx, keyId, { budgetNano: input.budget_usd });
    const after = (await getApiKeySettings(trx, [keyId])).get(keyId);
    await writeAudit(trx, change, { orgId: access.orgId, action: 'api_key.update', targetType: 'api_key', targetId: keyId, before: snapshotApiKey(key, settings), after: snapshotApiKey(updated, after) });
    if (updated.disabled && !key.disabled) await emitApiKeyEvent(trx, { type: 'api_key.disabled', reason: 'disabled' }, updated, change.now);
  });
  if (input.budget_usd !== undefined) ctx.settingsChanged.keyBudget(keyId);
  return getApiKeyView(ctx, change.actor!, projectId, keyId);
}

/** Delete a key: a soft delete that also disables it, so every gateway's key cache sees the change. */
export async function deleteApiKey(ctx: ConsoleContext, change: ChangeContext, projectId: string, keyId: string): Promise<void> {
  const { access, key, settings } = await loadKey(ctx, change.actor!, projectId, keyId, 'project.keys.manage');
  await ctx.db.transaction().execute(async (trx) => {
    await updateApiKey(trx, keyId, { disabled: true }, change.now);
    await putApiKeySettings(trx, keyId, { deletedAt: change.now });
    await writeAudit(trx, change, { orgId: access.orgId, action: 'api_key.delete', targetType: 'api_key', targetId: keyId, before: snapshotApiKey(key, settings), after: null });
    if (!key.disabled) await emitApiKeyEvent(trx, { type: 'api_key.disabled', reason: 'deleted' }, key, change.now);
  });
}
