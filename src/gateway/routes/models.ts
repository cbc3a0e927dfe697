import type { FastifyInstance } from 'fastify';
import type { CachedKey } from '../../auth/key-cache.js';
import { modelStatus, resolveCatalogueModel } from '../../catalog/catalogue-index.js';
import type { CatalogueModel } from '../../catalog/types.js';
import { GatewayError } from '../../core/errors.js';
import type { GatewayDeps } from '../gateway-deps.js';
import { runInference } from '../inference-session.js';
import { sendJson } from '../openai-answer.js';

/** `GET /v1/models` and `GET /v1/models/{author}/{name}`: what this key can call. */
export function registerModels(app: FastifyInstance, deps: GatewayDeps): void {
  app.get('/v1/models', (request, reply) =>
    runInference(deps, request, reply, 'models', async (session) => {
      const now = deps.now();
      const data = [...deps.catalogue().models.values()].filter((m) => allowed(session.key, m)).map((m) => present(m, now));
      await sendJson(reply, session.headers, { object: 'list', data });
    }),
  );
  app.get('/v1/models/*', (request, reply) =>
    runInference(deps, request, reply, 'models', async (session) => {
      const id = decodeURIComponent((request.params as { '*': string })['*']);
      const model = resolveCatalogueModel(deps.catalogue(), id);
      if (model === null || !allowed(session.key, model)) {
        throw new GatewayError('GW_MODEL_NOT_FOUND', `The model '${id}' does not exist or you do not have access to it.`, { param: 'model' });
      }
      await sendJson(reply, session.headers, present(model, deps.now()));
    }),
  );
}

function allowed(key: CachedKey, model: CatalogueModel): boolean {
  return key.allowedModels === null || key.allowedModels.includes(model.id);
}

/** One listing entry: OpenAI's fields first, then the gateway's own. */
function present(model: CatalogueModel, now: number): Record<string, unknown> {
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
