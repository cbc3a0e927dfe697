import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoCatalogue } from '../src/testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

let gw: TestGateway;
let client: OpenAI;

beforeAll(async () => {
  gw = await startTestGateway({ catalogue: readDemoCatalogue() });
  client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
});
afterAll(async () => gw?.close());

describe('models', () => {
  it('should list catalogue models with context length, status and default version', async () => {
    const page = await client.models.list();
    const models = page.data as (OpenAI.Model & { context_length: number; status: string; default_version: string | null })[];
    const ids = models.map((m) => m.id);
    expect(ids).toContain('openai/gpt-4o-mini');
    expect(ids).toContain('openai/text-embedding-3-small');
    const gpt4o = models.find((m) => m.id === 'openai/gpt-4o')!;
    expect(gpt4o.object).toBe('model');
    expect(gpt4o.owned_by).toBe('openai');
    expect(gpt4o.context_length).toBeGreaterThan(0);
    expect(gpt4o.default_version).toBe('2024-11-20');
    expect(models.find((m) => m.id === 'openai/gpt-3.5-turbo')!.status).toBe('deprecated');
    expect(gpt4o.status).toBe('active');
  });

  it('should retrieve one model by id', async () => {
    const model = await client.models.retrieve('openai/gpt-4o-mini');
    expect(model.id).toBe('openai/gpt-4o-mini');
  });

  it('should answer 404 with the envelope for an unknown id', async () => {
    const error = await client.models.retrieve('nobody/nothing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as InstanceType<typeof OpenAI.NotFoundError>).code).toBe('model_not_found');
  });

  it('should show only the models a key is allowed', async () => {
    const restricted = await gw.admin(['key', 'create', '--project', gw.projectId, '--name', 'narrow', '--allowed-models', 'openai/gpt-4o-mini']);
    const narrow = new OpenAI({ baseURL: gw.baseURL, apiKey: String(restricted.secret), maxRetries: 0 });
    const page = await narrow.models.list();
    expect(page.data.map((m) => m.id)).toEqual(['openai/gpt-4o-mini']);
    const error = await narrow.chat.completions.create({ model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((error as InstanceType<typeof OpenAI.PermissionDeniedError>).code).toBe('model_not_allowed');
  });
});
