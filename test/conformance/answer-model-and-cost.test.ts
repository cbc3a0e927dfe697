import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceCatalogue } from '../../src/testing/conformance-catalogue.js';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../../src/testing/fake-upstream/index.js';
import { startTestGateway, type TestGateway } from '../../src/testing/start-test-gateway.js';
import { callEndpoint, sampleBody, type Answer, type Api } from './call-endpoint.js';

let up: FakeUpstream;
let claude: FakeUpstream;
let gw: TestGateway;

beforeAll(async () => {
  up = await startFakeOpenAIUpstream();
  claude = await startFakeAnthropicUpstream();
  gw = await startTestGateway({ catalogue: conformanceCatalogue({ openai: up.url, anthropic: claude.url }), env: { UP_KEY: 'k', ANT_KEY: 'k' } });
});
afterAll(async () => {
  await gw?.close();
  await up?.close();
  await claude?.close();
});

/** Every (endpoint, catalogue model, upstream name) the gateway serves, passthrough and translated. */
const CASES: readonly { api: Api; model: string; upstream: string }[] = [
  { api: 'chat', model: 'conf/openai', upstream: 'internal-openai-name' },
  { api: 'chat', model: 'conf/claude', upstream: 'internal-claude-name' },
  { api: 'chat', model: 'conf/sim', upstream: 'internal-sim-name' },
  { api: 'messages', model: 'conf/claude', upstream: 'internal-claude-name' },
  { api: 'messages', model: 'conf/openai', upstream: 'internal-openai-name' },
  { api: 'messages', model: 'conf/sim', upstream: 'internal-sim-name' },
  { api: 'responses', model: 'conf/openai', upstream: 'internal-openai-name' },
  { api: 'responses', model: 'conf/claude', upstream: 'internal-claude-name' },
  { api: 'responses', model: 'conf/sim', upstream: 'internal-sim-name' },
  { api: 'completions', model: 'conf/complete-openai', upstream: 'internal-complete-openai' },
  { api: 'completions', model: 'conf/complete-sim', upstream: 'internal-complete-sim' },
  { api: 'embeddings', model: 'conf/embed-openai', upstream: 'internal-embed-openai' },
  { api: 'embeddings', model: 'conf/embed-sim', upstream: 'internal-embed-sim' },
];

/** Every `model` a client can read in an answer: the body's, each chunk's, each event's response or message. */
function reportedModels(answer: Answer): unknown[] {
  const out: unknown[] = [];
  const visit = (value: Record<string, unknown>): void => {
    if ('model' in value) out.push(value.model);
    for (const key of ['response', 'message'] as const) {
      const inner = value[key];
      if (typeof inner === 'object' && inner !== null && 'model' in inner) out.push((inner as { model: unknown }).model);
    }
  };
  if (answer.json !== null) visit(answer.json);
  for (const event of answer.events) visit(event.data);
  return out;
}

/** The cost a non-streaming answer reports in its body. */
function bodyCost(json: Record<string, unknown>): unknown {
  const usage = json.usage as { cost?: unknown } | undefined;
  return usage?.cost;
}

describe('the model every answer names (issue 18 item 11)', () => {
  for (const c of CASES) {
    for (const stream of c.api === 'embeddings' ? [false] : [false, true]) {
      it(`should be the catalogue id in ${c.api} ${stream ? 'streams' : 'answers'} from ${c.model}, the upstream's name in x-tf-upstream-model`, async () => {
        const answer = await callEndpoint(gw.rootURL, gw.key, c.api, sampleBody(c.api, c.model, stream));
        expect(answer.status).toBe(200);
        const models = reportedModels(answer);
        expect(models.length).toBeGreaterThan(0);
        expect(new Set(models)).toEqual(new Set([c.model]));
        expect(answer.headers.get('x-tf-upstream-model')).toBe(c.upstream);
      });
    }
  }

  it('should carry the pinned version when the request pins one, and the bare id otherwise', async () => {
    const pinned = await callEndpoint(gw.rootURL, gw.key, 'chat', sampleBody('chat', 'conf/versioned@2024-08-06', true));
    expect(new Set(reportedModels(pinned))).toEqual(new Set(['conf/versioned@2024-08-06']));
    expect(pinned.headers.get('x-tf-upstream-model')).toBe('internal-0806');
    const bare = await callEndpoint(gw.rootURL, gw.key, 'messages', sampleBody('messages', 'conf/versioned', false));
    expect(bare.json!.model).toBe('conf/versioned');
    expect(bare.headers.get('x-tf-upstream-model')).toBe('internal-1120');
  });
});

describe('the x-tf-cost header (issue 18 item 12)', () => {
  for (const c of CASES) {
    it(`should equal usage.cost on a non-streaming ${c.api} answer from ${c.model}`, async () => {
      const answer = await callEndpoint(gw.rootURL, gw.key, c.api, sampleBody(c.api, c.model, false));
      expect(answer.status).toBe(200);
      const cost = bodyCost(answer.json!);
      expect(cost).toMatch(/^0\.\d{9}$/);
      expect(answer.headers.get('x-tf-cost')).toBe(cost);
    });
  }
});
