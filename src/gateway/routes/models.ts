import type { FastifyInstance } from 'fastify';
import type { CachedKey } from '../../auth/key-cache.js';
import { modelStatus, resolveCatalogueModel } from '../../catalog/catalogue-index.js';
import type { CatalogueModel } from '../../config/catalogue-types.js';
import { GatewayError } from '../../core/errors.js';
import type { GatewayDeps } from '../gateway-deps.js';
import { runInference } from '../inference-session.js';
import { sendJson } from '../openai-answer.js';
import { isAnthropicCaller, toAnthropicModel, toAnthropicPage, type AnthropicPageQuery } from './anthropic-models.js';

/** `GET /v1/models` and `GET /v1/models/{author}/{name}`: what this key can call. */
export function registerModels(app: FastifyInstance, deps: GatewayDeps): void {
  app.get('/v1/models', (request, reply) =>
    runInference(deps, request, reply, 'models', async (session) => {
      const now = deps.now();
      const orgList = deps.modelAccess.allowedModels(session.key.orgId);
      const visible = (m: CatalogueModel) => allowed(session.key, m) && (orgList === null || orgList.includes(m.id));
      const models = [...deps.catalogue().models.values()].filter(visible);
      const aliases = [...deps.modelAccess.aliasesFor(session.key.orgId, session.key.projectId)].flatMap(([name, target]) => {
        const model = resolveCatalogueModel(deps.catalogue(), target.split('@')[0] ?? target);
        return model !== null && visible(model) ? [{ id: name, model, entry: presentAlias(name, target, model) }] : [];
      });
      const listed = [...models.map((m) => ({ id: m.id, model: m, entry: present(m, now, deps) })), ...aliases];
      if (isAnthropicCaller(request.headers)) {
        const page = toAnthropicPage(listed.map((l) => toAnthropicModel(l.id, l.model, now, l.entry)), request.query as AnthropicPageQuery);
        return sendJson(reply, session.record, session.headers, page);
      }
      await sendJson(reply, session.record, session.headers, { object: 'list', data: listed.map((l) => l.entry) });
    }),
  );
  app.get('/v1/models/*', (request, reply) =>
    runInference(deps, request, reply, 'models', async (session) => {
      const id = decodeURIComponent((request.params as { '*': string })['*']);
      const model = resolveCatalogueModel(deps.catalogue(), id);
      const orgList = deps.modelAccess.allowedModels(session.key.orgId);
      if (model === null || !allowed(session.key, model) || (orgList !== null && !orgList.includes(model.id))) {
        throw new GatewayError('GW_MODEL_NOT_FOUND', `The model '${id}' does not exist or you do not have access to it.`, { param: 'model' });
      }
      const entry = present(model, deps.now(), deps);
      await sendJson(reply, session.record, session.headers, isAnthropicCaller(request.headers) ? toAnthropicModel(model.id, model, deps.now(), entry) : entry);
    }),
  );
}

function allowed(key: CachedKey, model: CatalogueModel): boolean {
  return key.allowedModels === null || key.allowedModels.includes(model.id);
}

/** An organization or project alias, listed beside the model ids it can stand for. */
function presentAlias(name: string, target: string, model: CatalogueModel): Record<string, unknown> {
  return { id: name, object: 'model', created: model.created, owned_by: 'alias', kind: model.kind, alias_for: target, context_length: model.contextLength };
}

/** One listing entry: OpenAI's fields first, then the gateway's own. */
function present(model: CatalogueModel, now: number, deps: GatewayDeps): Record<string, unknown> {
  return {
    id: model.id,
    object: 'model',
    created: model.created,
    owned_by: model.id.split('/')[0],
    name: model.displayName,
    kind: model.kind,
    aliases: model.aliases,
    context_length: model.contextLength,
    max_output_tokens: model.maxOutputTokens,
    status: modelStatus(model, now),
    // serving: every deployment of the default version takes traffic; degraded: some cool down; unavailable: all.
    health: deps.router?.health(model) ?? 'serving',
    default_version: model.defaultVersion,
    versions: model.versions.map((v) => v.version).filter((v): v is string => v !== null),
    capabilities: model.capabilities,
    pricing: model.pricing.display,
    ...(model.lifecycle
      ? {
          lifecycle: {
            announced_at: new Date(model.lifecycle.announcedAt).toISOString(),
            sunset_at: new Date(model.lifecycle.sunsetAt).toISOString(),
            notice_url: model.lifecycle.noticeUrl,
            replacement: model.lifecycle.replacement,
          },
        }
      : {}),
  };
}
