import Anthropic from '@anthropic-ai/sdk';
import { betaTool } from '@anthropic-ai/sdk/helpers/beta/json-schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conformanceCatalogue } from '../../src/testing/conformance-catalogue.js';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../../src/testing/fake-upstream/index.js';
import { startTestGateway, type TestGateway } from '../../src/testing/start-test-gateway.js';
import { callEndpoint } from './call-endpoint.js';
import { schemaProblems } from './validate-answer.js';

let claude: FakeUpstream;
let openai: FakeUpstream;
let gw: TestGateway;
/** What the SDK sent the gateway: recorded by the client's own `fetch`. */
const sent: Record<string, unknown>[] = [];

const recordingFetch: typeof fetch = async (input, init) => {
  if (typeof init?.body === 'string') sent.push(JSON.parse(init.body) as Record<string, unknown>);
  return fetch(input, init);
};
const client = (key = gw.key) => new Anthropic({ baseURL: gw.rootURL, apiKey: key, maxRetries: 0, fetch: recordingFetch });

beforeAll(async () => {
  claude = await startFakeAnthropicUpstream();
  openai = await startFakeOpenAIUpstream();
  gw = await startTestGateway({ catalogue: conformanceCatalogue({ openai: openai.url, anthropic: claude.url }), env: { UP_KEY: 'k', ANT_KEY: 'k' } });
});
afterAll(async () => {
  await gw?.close();
  await claude?.close();
  await openai?.close();
});
beforeEach(() => {
  claude.reset();
  openai.reset();
  sent.length = 0;
});

const SYSTEM = 'You answer in one line.';
const TOOLS = [{ name: 'get_weather', description: 'Weather for a city', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } } }];
const first = { role: 'user' as const, content: 'Hello there, remember the word teal.' };
const second = { role: 'user' as const, content: 'Which word did I ask you to remember?' };

type Params = Anthropic.Beta.Messages.MessageCreateParamsNonStreaming;
type ApiError = InstanceType<typeof Anthropic.APIError>;

/** One turn through the SDK's beta Messages API, streamed (collected with `finalMessage()`) or not. */
async function turn(params: Params, stream: boolean, key?: string): Promise<Anthropic.Beta.Messages.BetaMessage> {
  const messages = client(key).beta.messages;
  return stream ? messages.stream(params).finalMessage() : messages.create(params);
}

/** The messages an upstream received in its `n`-th request (OpenAI chat or Anthropic Messages body). */
function upstreamMessages(up: FakeUpstream, n: number): { role: string; content: unknown }[] {
  return (up.requests[n]!.body as { messages: { role: string; content: unknown }[] }).messages;
}

describe('server-held message threads on /v1/messages (issue 18 item 4)', () => {
  for (const [model, upstream, label] of [['conf/claude', () => claude, 'Anthropic passthrough'], ['conf/openai', () => openai, 'translated to chat completions']] as const) {
    for (const stream of [false, true]) {
      it(`should continue a thread with the stored conversation, system and tools (${label}, ${stream ? 'streamed' : 'JSON'})`, async () => {
        const created = await turn({ model, max_tokens: 50, system: SYSTEM, tools: TOOLS, messages: [first], thread: { type: 'create' } }, stream);
        expect(created.id).toMatch(/^msg_/);
        const continued = await turn({ model, max_tokens: 50, messages: [second], thread: { type: 'continue', previous_message_id: created.id } }, stream);
        expect(continued.id).toMatch(/^msg_/);
        expect(continued.id).not.toBe(created.id);
        expect(continued.content.length).toBeGreaterThan(0);

        const up = upstream();
        expect(up.requests).toHaveLength(2);
        const seen = upstreamMessages(up, 1);
        const answerText = created.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
        if (model === 'conf/claude') {
          // The upstream is sent the whole conversation, the stored answer as the client got it; never `thread`.
          expect(seen).toEqual([first, { role: 'assistant', content: JSON.parse(JSON.stringify(created.content)) }, second]);
          const body = up.requests[1]!.body as Record<string, unknown>;
          expect(body.system).toBe(SYSTEM);
          expect(body.tools).toEqual(TOOLS);
          expect(body).not.toHaveProperty('thread');
        } else {
          expect(seen.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
          expect(JSON.stringify(seen[0])).toContain(SYSTEM);
          expect(JSON.stringify(seen[2])).toContain(answerText);
          expect(JSON.stringify(seen[3])).toContain('Which word');
          expect((up.requests[1]!.body as { tools?: unknown[] }).tools).toHaveLength(1);
        }
        // A thread goes on from its newest message.
        const third = await turn({ model, max_tokens: 50, messages: [{ role: 'user', content: 'Thanks.' }], thread: { type: 'continue', previous_message_id: continued.id } }, stream);
        expect(third.id).toMatch(/^msg_/);
        expect(upstreamMessages(up, 2).filter((m) => m.role !== 'system')).toHaveLength(5);
      });
    }
  }

  it('should bill a continue for the whole conversation, as the same request sent in full', async () => {
    const created = await turn({ model: 'conf/claude', max_tokens: 50, system: SYSTEM, messages: [first], thread: { type: 'create' } }, false);
    const continued = (await turn({ model: 'conf/claude', max_tokens: 50, messages: [second], thread: { type: 'continue', previous_message_id: created.id } }, false)) as Anthropic.Beta.Messages.BetaMessage & { usage: { cost: string } };
    const full = (await turn({ model: 'conf/claude', max_tokens: 50, system: SYSTEM, messages: [first, { role: 'assistant', content: created.content as Anthropic.Beta.Messages.BetaContentBlockParam[] }, second] }, false)) as typeof continued;
    expect(continued.usage.input_tokens).toBe(full.usage.input_tokens);
    expect(continued.usage.input_tokens).toBeGreaterThan(12);
    expect(continued.usage.cost).toBe(full.usage.cost);
  });

  it('should run the SDK thread helper and the tool runner over a thread, each turn sending only new messages', async () => {
    const thread = client().beta.messages.thread({ model: 'conf/claude', max_tokens: 50, system: SYSTEM });
    await thread.send(first);
    const reply = await thread.send(second);
    expect(reply.content.length).toBeGreaterThan(0);
    expect(sent.map((b) => b.thread)).toEqual([{ type: 'create' }, { type: 'continue', previous_message_id: expect.stringMatching(/^msg_/) }]);
    expect(sent[1]!.messages).toEqual([second]);
    // The transcribed request schema matches what the SDK sends.
    for (const body of sent) expect(schemaProblems('anthropic', 'MessageThreadParam', body.thread)).toEqual([]);
    expect(upstreamMessages(claude, 1)).toHaveLength(3);

    sent.length = 0;
    const calls: string[] = [];
    const weather = betaTool({
      name: 'get_weather',
      description: 'Weather for a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      run: ({ city }) => {
        calls.push(city);
        return `Sunny, 21 C in ${city}.`;
      },
    });
    // The sim calls get_weather when the question names it, then answers the tool result in text.
    const runner = client().beta.messages.toolRunner({ model: 'conf/sim', max_tokens: 200, tools: [weather], messages: [{ role: 'user', content: 'What is the weather in Oslo? Use get_weather.' }] });
    // Iterating drives the loop (done() alone only waits for it); the cap guards against a runaway.
    let turns = 0;
    for await (const _message of runner) if (++turns > 4) break;
    const final = await runner.done();
    expect(calls).toEqual(['Oslo']);
    expect(final.stop_reason).toBe('end_turn');
    expect(final.content.some((b) => b.type === 'text' && b.text.length > 0)).toBe(true);
    // Threaded throughout: the runner never fell back to re-sending the history.
    expect(sent.map((b) => (b.thread as { type?: string } | undefined)?.type)).toEqual(['create', 'continue']);
    expect(sent[1]!.messages).toEqual([{ role: 'user', content: [expect.objectContaining({ type: 'tool_result' })] }]);
  });

  it("should answer another project's message id with 404 thread_not_found, as an unknown or a /v1/responses id", async () => {
    const created = await turn({ model: 'conf/claude', max_tokens: 50, messages: [first], thread: { type: 'create' } }, false);
    const project = await gw.admin(['project', 'create', '--org', gw.orgId, '--name', 'Other threads']);
    const other = await gw.admin(['key', 'create', '--project', String(project.id), '--name', 'other']);
    const response = await fetch(`${gw.baseURL}/responses`, { method: 'POST', headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'conf/sim', input: 'hi' }) });
    const responseId = ((await response.json()) as { id: string }).id;
    for (const [id, key] of [[created.id, String(other.secret)], ['msg_unknown', gw.key], [responseId, gw.key]] as const) {
      const error = await turn({ model: 'conf/claude', max_tokens: 50, messages: [second], thread: { type: 'continue', previous_message_id: id } }, false, key).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Anthropic.NotFoundError);
      expect((error as ApiError).errorCode).toBe('thread_not_found');
      expect((error as ApiError).constructor.name).toBe('ThreadNotFoundError');
    }
    expect(claude.requests).toHaveLength(1);
    // The owner still can.
    await expect(turn({ model: 'conf/claude', max_tokens: 50, messages: [second], thread: { type: 'continue', previous_message_id: created.id } }, false)).resolves.toMatchObject({ type: 'message' });
  });

  it('should answer a message older than 30 days with 404 thread_not_found, as an unknown id, and continue one a day younger', async () => {
    const expired = await turn({ model: 'conf/claude', max_tokens: 50, messages: [first], thread: { type: 'create' } }, false);
    const kept = await turn({ model: 'conf/claude', max_tokens: 50, messages: [first], thread: { type: 'create' } }, false);
    const age = (id: string, ms: number) => gw.gateway.store.db.updateTable('stored_responses').set((eb) => ({ created_at: eb('created_at', '-', ms) })).where('id', '=', id).execute();
    await age(expired.id, 30 * 86_400_000 + 60_000);
    await age(kept.id, 29 * 86_400_000);
    const answers = [];
    for (const id of [expired.id, 'msg_unknown']) {
      const error = await turn({ model: 'conf/claude', max_tokens: 50, messages: [second], thread: { type: 'continue', previous_message_id: id } }, false).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Anthropic.NotFoundError);
      answers.push({ status: (error as ApiError).status, code: (error as ApiError).errorCode, name: (error as ApiError).constructor.name });
    }
    expect(answers[0]).toEqual({ status: 404, code: 'thread_not_found', name: 'ThreadNotFoundError' });
    expect(answers[1]).toEqual(answers[0]);
    expect(claude.requests).toHaveLength(2);
    await expect(turn({ model: 'conf/claude', max_tokens: 50, messages: [second], thread: { type: 'continue', previous_message_id: kept.id } }, false)).resolves.toMatchObject({ type: 'message' });
  });

  it('should continue a message once: again is thread_already_continued; a continue that failed frees it', async () => {
    const created = await turn({ model: 'conf/claude', max_tokens: 50, messages: [first], thread: { type: 'create' } }, false);
    const next = { model: 'conf/claude', max_tokens: 50, messages: [second], thread: { type: 'continue' as const, previous_message_id: created.id } };
    claude.setBehaviour({ kind: 'status', status: 400 }, { times: 1 });
    await expect(turn(next, false)).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(turn(next, true)).resolves.toMatchObject({ type: 'message' });
    for (const stream of [false, true]) {
      const error = await turn(next, stream).catch((e: unknown) => e);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).errorCode).toBe('thread_already_continued');
      expect((error as ApiError).constructor.name).toBe('ThreadAlreadyContinuedError');
    }
  });

  it('should refuse a concurrent continue of the same message with thread_continue_in_flight', async () => {
    const created = await turn({ model: 'conf/claude', max_tokens: 50, messages: [first], thread: { type: 'create' } }, false);
    const next = { model: 'conf/claude', max_tokens: 50, messages: [second], thread: { type: 'continue' as const, previous_message_id: created.id } };
    claude.setBehaviour({ kind: 'slow-headers', delayMs: 800 }, { times: 1 });
    const slow = turn(next, false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const error = await turn(next, false).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errorCode).toBe('thread_continue_in_flight');
    expect((error as ApiError).constructor.name).toBe('ThreadContinueInFlightError');
    await expect(slow).resolves.toMatchObject({ type: 'message' });
  });

  it('should refuse a continue that changes system or tools with thread_fingerprint_mismatch; repeating them is fine', async () => {
    const created = await turn({ model: 'conf/openai', max_tokens: 50, system: SYSTEM, tools: TOOLS, messages: [first], thread: { type: 'create' } }, false);
    const base = { model: 'conf/openai', max_tokens: 50, messages: [second], thread: { type: 'continue' as const, previous_message_id: created.id } };
    for (const change of [{ system: 'Answer in French.' }, { tools: [] }, { system: SYSTEM, tools: [{ ...TOOLS[0]!, name: 'get_time' }] }]) {
      const error = await turn({ ...base, ...change }, false).catch((e: unknown) => e);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).errorCode).toBe('thread_fingerprint_mismatch');
      expect((error as ApiError).constructor.name).toBe('ThreadFingerprintMismatchError');
    }
    expect(openai.requests).toHaveLength(1);
    // A refused continue did not use the message up; the same values repeated are accepted.
    await expect(turn({ ...base, system: SYSTEM, tools: TOOLS }, false)).resolves.toMatchObject({ type: 'message' });
  });

  it('should answer in the envelope and shapes the SDK types describe (@anthropic-ai/sdk 1.12.0)', async () => {
    const created = await callEndpoint(gw.rootURL, gw.key, 'messages', { model: 'conf/claude', max_tokens: 50, messages: [first], thread: { type: 'create' } });
    expect(created.status).toBe(200);
    expect(schemaProblems('anthropic', 'Message', created.json)).toEqual([]);
    const id = created.json!.id as string;
    const streamed = await callEndpoint(gw.rootURL, gw.key, 'messages', { model: 'conf/openai', max_tokens: 50, stream: true, messages: [second], thread: { type: 'continue', previous_message_id: id } });
    expect(streamed.events.length).toBeGreaterThan(3);
    for (const { data } of streamed.events) expect(schemaProblems('anthropic', 'RawMessageStreamEvent', data)).toEqual([]);
    const again = await callEndpoint(gw.rootURL, gw.key, 'messages', { model: 'conf/claude', max_tokens: 50, messages: [second], thread: { type: 'continue', previous_message_id: id } });
    expect(schemaProblems('anthropic', 'ThreadErrorResponse', again.json)).toEqual([]);
    expect(again.json!.error).toMatchObject({ type: 'invalid_request_error', details: { error_code: 'thread_already_continued' } });
    const bad = await callEndpoint(gw.rootURL, gw.key, 'messages', { model: 'conf/claude', max_tokens: 50, messages: [second], thread: { type: 'continue' } });
    expect(bad.status).toBe(400);
    expect(bad.json!.error).toMatchObject({ type: 'invalid_request_error', param: 'thread.previous_message_id' });
    // count_tokens would count only a continue's new messages: refused, never dropped.
    const count = await fetch(`${gw.rootURL}/v1/messages/count_tokens`, { method: 'POST', headers: { 'x-api-key': gw.key, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' }, body: JSON.stringify({ model: 'conf/claude', messages: [second], thread: { type: 'continue', previous_message_id: id } }) });
    expect(count.status).toBe(400);
    const refused = (await count.json()) as Record<string, unknown>;
    expect(schemaProblems('anthropic', 'ThreadErrorResponse', refused)).toEqual([]);
    expect(refused.error).toMatchObject({ details: { error_code: 'thread_unsupported_request' }, param: 'thread' });
  });
});
