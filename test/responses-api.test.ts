import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../src/testing/dialects.js';
import { readDemoCatalogue } from '../src/testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

const tools: OpenAI.Responses.FunctionTool[] = [
  { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, strict: false },
];

describeEachDialect('stored responses', (ctx) => {
  let gw: TestGateway;
  let client: OpenAI;

  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: readDemoCatalogue(), databaseUrl: ctx.url() });
    client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
  });
  afterAll(async () => gw?.close());

  it('should continue a stored tool call with previous_response_id, streamed and not', async () => {
    for (const stream of [false, true]) {
      const params = { model: 'gpt-4o-mini', instructions: 'Be helpful.', input: 'Weather in Oslo? Use get_weather.', tools };
      const first = stream ? await client.responses.stream(params).finalResponse() : await client.responses.create(params);
      const call = first.output.find((i) => i.type === 'function_call');
      expect(call?.type === 'function_call' && JSON.parse(call.arguments)).toEqual({ city: 'Oslo' });
      const next = { model: 'gpt-4o-mini', previous_response_id: first.id, tools, input: [{ type: 'function_call_output' as const, call_id: call?.type === 'function_call' ? call.call_id : '', output: '{"temp_c":4}' }] };
      const second = stream ? await client.responses.stream(next).finalResponse() : await client.responses.create(next);
      expect(second.output_text).toContain('The tool returned: {"temp_c":4}');
      expect(second.previous_response_id).toBe(first.id);
      expect(second.usage!.input_tokens).toBeGreaterThan(first.usage!.input_tokens);
      expect((second.usage as unknown as { cost: string }).cost).toMatch(/^0\.\d{9}$/);
    }
  });

  it('should retrieve a stored response and hide it from another project', async () => {
    const first = await client.responses.create({ model: 'gpt-4o-mini', input: 'Remember me' });
    expect((await client.responses.retrieve(first.id)).output_text).toBe(first.output_text);
    const project = await gw.admin(['project', 'create', '--org', gw.orgId, '--name', 'Other']);
    const key = await gw.admin(['key', 'create', '--project', String(project.id), '--name', 'other']);
    const other = new OpenAI({ baseURL: gw.baseURL, apiKey: String(key.secret), maxRetries: 0 });
    expect(await unknownAnswers(other, first.id)).toEqual(await unknownAnswers(client, 'resp_never_stored'));
  });

  it('should not store a response sent with store: false', async () => {
    const first = await client.responses.create({ model: 'gpt-4o-mini', input: 'Forget me', store: false });
    expect(await unknownAnswers(client, first.id)).toEqual(await unknownAnswers(client, 'resp_never_stored'));
  });

  it('should answer a response older than 30 days as an unknown id, and continue one a day younger', async () => {
    const expired = await client.responses.create({ model: 'gpt-4o-mini', input: 'Old news' });
    const kept = await client.responses.create({ model: 'gpt-4o-mini', input: 'Still here' });
    await age(gw, expired.id, 30 * DAY + 60_000);
    await age(gw, kept.id, 29 * DAY);
    expect(await unknownAnswers(client, expired.id)).toEqual(await unknownAnswers(client, 'resp_never_stored'));
    const next = await client.responses.create({ model: 'gpt-4o-mini', previous_response_id: kept.id, input: 'And then?' });
    expect(next.previous_response_id).toBe(kept.id);
    expect((await client.responses.retrieve(kept.id)).id).toBe(kept.id);
  });
});

describe('stored responses: TF_RESPONSE_RETENTION_DAYS', () => {
  let gw: TestGateway;
  let client: OpenAI;
  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: readDemoCatalogue(), serverEnv: { TF_RESPONSE_RETENTION_DAYS: '1' } });
    client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
  });
  afterAll(async () => gw?.close());

  it('should expire responses after the days it sets', async () => {
    const first = await client.responses.create({ model: 'gpt-4o-mini', input: 'Brief' });
    await age(gw, first.id, DAY - 60_000);
    await expect(client.responses.create({ model: 'gpt-4o-mini', previous_response_id: first.id, input: 'More' })).resolves.toMatchObject({ previous_response_id: first.id });
    await age(gw, first.id, 2 * DAY);
    expect(await unknownAnswers(client, first.id)).toEqual(await unknownAnswers(client, 'resp_never_stored'));
  });
});

const DAY = 86_400_000;

/** Move a stored response's creation `ms` into the past, as if that much time had gone by. */
async function age(gw: TestGateway, id: string, ms: number): Promise<void> {
  const result = await gw.gateway.store.db.updateTable('stored_responses').set((eb) => ({ created_at: eb('created_at', '-', ms) })).where('id', '=', id).executeTakeFirst();
  expect(result.numUpdatedRows).toBe(1n);
}

/**
 * What a client sees for `id`: continuing it and retrieving it, status, code and param (the message
 * names the id, so it is left out). OpenAI answers an unknown `previous_response_id` with 400
 * `previous_response_not_found` and an unknown `GET /v1/responses/{id}` with 404.
 */
async function unknownAnswers(client: OpenAI, id: string): Promise<unknown> {
  const answer = (error: unknown) => {
    expect(error).toBeInstanceOf(OpenAI.APIError);
    const e = error as InstanceType<typeof OpenAI.APIError>;
    return { status: e.status, type: e.type, code: e.code, param: e.param };
  };
  const continued = answer(await client.responses.create({ model: 'gpt-4o-mini', input: 'x', previous_response_id: id }).catch((e: unknown) => e));
  const retrieved = answer(await client.responses.retrieve(id).catch((e: unknown) => e));
  expect(continued).toEqual({ status: 400, type: 'invalid_request_error', code: 'previous_response_not_found', param: 'previous_response_id' });
  expect(retrieved).toMatchObject({ status: 404, code: 'response_not_found' });
  return { continued, retrieved };
}

describe('POST /v1/responses wire details', () => {
  let gw: TestGateway;
  let client: OpenAI;
  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: readDemoCatalogue() });
    client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
  });
  afterAll(async () => gw?.close());

  it('should number stream events from 0, response.created first, response.completed last with cost', async () => {
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    const stream = await client.responses.create({ model: 'gpt-4o-mini', input: 'Hello', stream: true, reasoning: { effort: 'low' } });
    for await (const event of stream) events.push(event);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    expect(events[0]!.type).toBe('response.created');
    const types = events.map((e) => e.type);
    expect(types).toContain('response.output_item.added');
    expect(types).toContain('response.content_part.added');
    expect(types).toContain('response.output_text.delta');
    expect(types).toContain('response.output_text.done');
    const last = events.at(-1)!;
    expect(last.type).toBe('response.completed');
    if (last.type === 'response.completed') expect((last.response.usage as unknown as { cost: string }).cost).toMatch(/^0\.\d{9}$/);
  });

  it('should honour text.format json_schema and max_output_tokens', async () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
    const res = await client.responses.create({ model: 'gpt-4o-mini', input: 'Pick a city', text: { format: { type: 'json_schema', name: 'pick', schema, strict: true } } });
    expect(typeof (JSON.parse(res.output_text) as { city: unknown }).city).toBe('string');
    const short = await client.responses.create({ model: 'gpt-4o-mini', input: 'Tell me a long story', max_output_tokens: 16 });
    expect(short.status).toBe('incomplete');
    expect(short.incomplete_details?.reason).toBe('max_output_tokens');
  });

  it('should end a failed stream with response.failed', async () => {
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    const stream = await client.responses.create({ model: 'gpt-4o-mini', input: 'Go [sim:fail-mid-stream]', stream: true });
    for await (const event of stream) events.push(event);
    expect(events.at(-1)!.type).toBe('response.failed');
  });

  it('should refuse hosted tools and malformed input with a 400 naming the field', async () => {
    const hosted = await client.responses.create({ model: 'gpt-4o-mini', input: 'x', tools: [{ type: 'web_search' } as unknown as OpenAI.Responses.Tool] }).catch((e: unknown) => e);
    expect(hosted).toBeInstanceOf(OpenAI.BadRequestError);
    expect((hosted as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('tools[0].type');
    const bad = await client.responses.create({ model: 'gpt-4o-mini', input: [{ role: 'robot', content: 'x' }] as unknown as OpenAI.Responses.ResponseInput }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(OpenAI.BadRequestError);
  });
});
