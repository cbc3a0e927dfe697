import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES } from './console-routes.js';
import { buildOpenApiDocument } from './openapi.js';

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument() as { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };

  it('should list every console route and the inference routes', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const route of CONSOLE_ROUTES) {
      const path = `/api${route.url.replace(/:(\w+)/g, '{$1}')}`;
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/v1/chat/completions']?.post).toBeDefined();
  });

  it('should derive bodies and parameters from the Zod schemas', () => {
    const create = doc.paths['/api/projects/{projectId}/api-keys']!.post!;
    const body = (create.requestBody as { content: { 'application/json': { schema: { properties: Record<string, unknown>; additionalProperties: boolean } } } }).content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['name', 'expires_at', 'allowed_models', 'budget_usd']);
    expect(body.additionalProperties).toBe(false);
    expect(create['x-permission']).toBe('project.keys.manage');
    const list = doc.paths['/api/projects/{projectId}/requests']!.get!;
    expect((list.parameters as Array<{ name: string; in: string }>).map((p) => `${p.in}:${p.name}`)).toEqual([
      'path:projectId', 'query:limit', 'query:cursor', 'query:key_id', 'query:model', 'query:status', 'query:source', 'query:since', 'query:until',
    ]);
  });

  it('should be plain JSON', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});
