import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequestId } from '../core/ids.js';
import { TEST_ADMIN_TOKEN } from '../testing/console-fixture.js';
import { describeEachDialect } from '../testing/dialects.js';
import { registerConsole } from './console-plugin.js';
import { buildOpenApiDocument } from './openapi.js';

describeEachDialect('registerConsole inside a server with its own handlers', (ctx) => {
  // The shape build-server.ts has: root request ids, a root error envelope and 404, then the console.
  const app = Fastify({ logger: false, genReqId: () => createRequestId(), requestIdHeader: false });

  beforeAll(async () => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.setErrorHandler(async (_error, _request, reply) => reply.code(500).send({ root: 'error' }));
    app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ root: 'not found' }));
    app.post('/v1/echo', async (request) => request.body);
    await registerConsole(app, { db: ctx.store().db, adminToken: TEST_ADMIN_TOKEN });
    const openapi = buildOpenApiDocument();
    app.get('/openapi.json', async () => openapi);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('should keep its envelope, 404 and auth inside /api only', async () => {
    const inside = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(inside.json().error).toMatchObject({ code: 'unknown_url', request_id: inside.headers['x-request-id'] });
    expect((await app.inject({ method: 'GET', url: '/elsewhere' })).json()).toEqual({ root: 'not found' });
    // The console's auth hook does not reach other scopes: a console token means nothing to /v1 routes here.
    const echo = await app.inject({ method: 'POST', url: '/v1/echo', headers: { authorization: 'Bearer sk-tf-x' }, payload: { a: 1 } });
    expect(echo.json()).toEqual({ a: 1 });
  });

  it('should serve the generated OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.json().paths['/api/projects/{projectId}/api-keys'].post.summary).toMatch(/secret is returned once/);
  });
});
