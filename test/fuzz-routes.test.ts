import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoCatalogue } from '../src/testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

// A seeded, bounded fuzz over every route /openapi.json lists (web pages aside): hostile path
// parameters, query strings, headers and bodies. Every answer must be below 500, carry an
// x-request-id, and refusals must come in one of our envelopes; the process must stay healthy.
// Reproduce a failure with TF_FUZZ_SEED=<seed printed>.

const SEED = Number(process.env.TF_FUZZ_SEED ?? 20_2611);
const PER_OPERATION = 6;

/** mulberry32: small, seeded, good enough to pick cases reproducibly. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PARAMS = ['%zz', '%', 'x'.repeat(300), '..%2f..%2fetc', 'org_00000000000000000000000000', "'; DROP TABLE users; --", '%00', '🙂', '-1', '{}'];
const BODIES = ['', '{', '[]', 'null', '"x"', '{"model": 1}', '{"__proto__": {"x": 1}}', JSON.stringify({ a: 'x'.repeat(70_000) }), '{"messages": [{"role": "user", "content": {}}]}', '\u0000\u0001'];
const QUERIES = ['', '?limit=-1', '?limit=abc', '?cursor=%zz', '?since=not-a-date', `?q=${'q'.repeat(2000)}`];
const AUTH = [undefined, 'Bearer sk-tf-nope', 'Bearer tf_at_nope', 'Basic eA==', 'Bearer'];

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ catalogue: readDemoCatalogue() });
});
afterAll(async () => gw?.close());

function isOurEnvelope(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as { error?: { code?: unknown; message?: unknown }; type?: unknown };
  return typeof record.error?.message === 'string' && (typeof record.error.code === 'string' || record.type === 'error');
}

describe(`fuzz every /openapi.json route (seed ${SEED})`, () => {
  it('should answer below 500, with x-request-id and our envelope, and stay healthy', { timeout: 600_000 }, async () => {
    const doc = (await (await fetch(`${gw.rootURL}/openapi.json`)).json()) as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const next = random(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const failures: string[] = [];
    let sent = 0;
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.tags?.includes('web')) continue;
        for (let i = 0; i < PER_OPERATION; i += 1) {
          const path = template.replace(/\{\w+\}/g, () => pick(PARAMS)) + pick(QUERIES);
          const headers: Record<string, string> = { 'content-type': next() < 0.8 ? 'application/json' : 'text/plain', 'x-requested-with': 'XMLHttpRequest' };
          const auth = pick(AUTH);
          if (auth !== undefined) headers.authorization = auth;
          const hasBody = method !== 'get' && method !== 'head';
          const res = await fetch(`${gw.rootURL}${path}`, { method: method.toUpperCase(), headers, ...(hasBody ? { body: pick(BODIES) } : {}) });
          const text = await res.text();
          sent += 1;
          const where = `${method.toUpperCase()} ${path.slice(0, 120)} -> ${res.status}`;
          if (res.status >= 500) failures.push(`${where}: ${text.slice(0, 200)}`);
          if (!/^req_/.test(res.headers.get('x-request-id') ?? '')) failures.push(`${where}: no x-request-id`);
          if (res.status >= 400) {
            let body: unknown = null;
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON: reported below
            }
            if (!isOurEnvelope(body)) failures.push(`${where}: not our envelope: ${text.slice(0, 200)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(failures).toEqual([]);
    const health = await fetch(`${gw.rootURL}/health/ready`);
    expect(health.status).toBe(200);
  });
});
