import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoCatalogue } from '../testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../testing/start-test-gateway.js';
import { servedRoutes } from './build-server.js';

/** `/api/orgs/:orgId`, `/v1/models/*` and `/api/orgs/{orgId}` all become `/api/orgs/{}`. */
function normalise(url: string): string {
  return url.replace(/:\w+/g, '{}').replace(/\{\w+\}/g, '{}').replace(/\*$/, '{}');
}

describe('/openapi.json', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: readDemoCatalogue() });
  });
  afterAll(async () => gw?.close());

  it('should describe every route the server serves, and nothing it does not', async () => {
    const doc = (await (await fetch(`${gw.rootURL}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${normalise(path)}`)));
    const served = new Set(servedRoutes(gw.gateway.app).map((r) => `${r.method} ${normalise(r.url)}`));
    expect(served.size).toBeGreaterThan(50);
    expect([...served].filter((r) => !documented.has(r)), 'served but not in /openapi.json').toEqual([]);
    expect([...documented].filter((r) => !served.has(r)), 'in /openapi.json but not served').toEqual([]);
  });
});
