import Anthropic from '@anthropic-ai/sdk';
import Anthropic0 from 'anthropic-sdk-0';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceCatalogue } from '../../src/testing/conformance-catalogue.js';
import { startTestGateway, type TestGateway } from '../../src/testing/start-test-gateway.js';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ catalogue: conformanceCatalogue({ openai: 'http://127.0.0.1:9/v1', anthropic: 'http://127.0.0.1:9' }), env: { UP_KEY: 'k', ANT_KEY: 'k' } });
});
afterAll(async () => gw?.close());

/** `ModelInfo` of @anthropic-ai/sdk 1.12.0 (every field non-optional), plus the gateway's `tf`. */
const MODEL_INFO_KEYS = ['capabilities', 'created_at', 'deprecated_at', 'display_name', 'id', 'lifecycle', 'line', 'max_input_tokens', 'max_tokens', 'retires_at', 'tf', 'type'];
const CAPABILITY_KEYS = ['batch', 'citations', 'code_execution', 'context_management', 'effort', 'image_input', 'pdf_input', 'server_tools', 'structured_outputs', 'thinking'];

describe('GET /v1/models for Anthropic clients (issue 18 item 5)', () => {
  it('should page with limit and after_id, which the SDK follows to the end, in the order of the full list', async () => {
    const client = new Anthropic({ baseURL: gw.rootURL, apiKey: gw.key, maxRetries: 0 });
    const all = (await client.models.list({ limit: 1000 })).data.map((m) => m.id);
    expect(all.length).toBeGreaterThan(5);
    const first = await client.models.list({ limit: 3 });
    expect(first.data.map((m) => m.id)).toEqual(all.slice(0, 3));
    expect(first.has_more).toBe(true);
    expect(first.first_id).toBe(all[0]);
    expect(first.last_id).toBe(all[2]);
    const walked: string[] = [];
    for await (const model of client.models.list({ limit: 3 })) walked.push(model.id);
    expect(walked).toEqual(all);
    const old = new Anthropic0({ baseURL: gw.rootURL, apiKey: gw.key, maxRetries: 0 });
    const walkedOld: string[] = [];
    for await (const model of old.models.list({ limit: 4 })) walkedOld.push(model.id);
    expect(walkedOld).toEqual(all);
  });

  it('should page backwards with before_id', async () => {
    const res = await fetch(`${gw.rootURL}/v1/models?limit=1000`, { headers: { 'x-api-key': gw.key, 'anthropic-version': '2023-06-01' } });
    const all = ((await res.json()) as { data: { id: string }[] }).data.map((m) => m.id);
    const before = await fetch(`${gw.rootURL}/v1/models?limit=2&before_id=${encodeURIComponent(all[4]!)}`, { headers: { 'x-api-key': gw.key, 'anthropic-version': '2023-06-01' } });
    const page = (await before.json()) as { data: { id: string }[]; has_more: boolean; first_id: string; last_id: string };
    expect(page.data.map((m) => m.id)).toEqual([all[2], all[3]]);
    expect(page).toMatchObject({ has_more: true, first_id: all[2], last_id: all[3] });
    const bad = await fetch(`${gw.rootURL}/v1/models?limit=0`, { headers: { 'x-api-key': gw.key, 'anthropic-version': '2023-06-01' } });
    expect(bad.status).toBe(400);
  });

  it("should describe a model in Anthropic's ModelInfo shape, the gateway's own fields under tf", async () => {
    const client = new Anthropic({ baseURL: gw.rootURL, apiKey: gw.key, maxRetries: 0 });
    const info = await client.models.retrieve('conf/sim');
    expect(Object.keys(info).sort()).toEqual(MODEL_INFO_KEYS);
    expect(Object.keys(info.capabilities!).sort()).toEqual(CAPABILITY_KEYS);
    expect(info).toMatchObject({ type: 'model', id: 'conf/sim', lifecycle: 'active', max_input_tokens: 200000, max_tokens: 8000, deprecated_at: null, retires_at: null, line: null });
    expect(info.capabilities!.structured_outputs).toEqual({ supported: true });
    expect(info.capabilities!.thinking.supported).toBe(true);
    expect((info as unknown as { tf: Record<string, unknown> }).tf).toMatchObject({ kind: 'chat', status: 'active', capabilities: { tools: true } });
    const plain = await client.models.retrieve('conf/plain');
    expect(plain.capabilities!.structured_outputs).toEqual({ supported: false });
  });
});
