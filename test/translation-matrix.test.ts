import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { MATRIX_PRICES, matrixCatalogue } from '../src/testing/matrix-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';
import { chatDriver, messagesDriver, responsesDriver, type ClientDriver, type TurnResult } from './matrix-clients.js';

let up: FakeUpstream;
let claude: FakeUpstream;
let gw: TestGateway;

beforeAll(async () => {
  up = await startFakeOpenAIUpstream({ apiKey: 'up-secret' });
  claude = await startFakeAnthropicUpstream({ apiKey: 'ant-secret' });
  gw = await startTestGateway({ catalogue: matrixCatalogue({ openai: up.url, anthropic: claude.url }), env: { UP_KEY: 'up-secret', ANT_KEY: 'ant-secret' } });
});
afterAll(async () => {
  await gw?.close();
  await up?.close();
  await claude?.close();
});
beforeEach(() => {
  up.reset();
  claude.reset();
});

/** One upstream kind: the model that reaches it, how to script its replies, and the final text it gives. */
interface UpstreamKind {
  readonly name: string;
  readonly model: string;
  /** Script the fake: a tool call first, then the final text (no-op for the sim, which decides itself). */
  readonly script: (turn: 'tool' | 'final') => void;
  readonly finalText: RegExp;
}

const FINAL = 'It is 4 degrees in Oslo.';
const UPSTREAMS: readonly UpstreamKind[] = [
  {
    name: 'openai fake',
    model: 'acme/chat',
    script: (turn) => up.setReply(turn === 'tool' ? { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' }, id: 'call_oslo' }] } : { text: FINAL }),
    finalText: /^It is 4 degrees in Oslo\.$/,
  },
  {
    name: 'anthropic fake',
    model: 'anthropic/claude-test',
    script: (turn) => claude.setReply(turn === 'tool' ? { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' }, id: 'toolu_oslo' }] } : { text: FINAL }),
    finalText: /^It is 4 degrees in Oslo\.$/,
  },
  { name: 'sim', model: 'sim/chat', script: () => undefined, finalText: /^The tool returned: \{"temp_c": ?4\}/ },
];

const DRIVERS: readonly ((g: TestGateway) => ClientDriver)[] = [
  (g) => chatDriver(g.baseURL, g.key),
  (g) => messagesDriver(g.rootURL, g.key, '1.x'),
  (g) => messagesDriver(g.rootURL, g.key, '0.x'),
  (g) => responsesDriver(g.baseURL, g.key),
];
const DRIVER_NAMES = ['chat completions (openai)', 'messages (@anthropic-ai/sdk 1.x)', 'messages (@anthropic-ai/sdk 0.x)', 'responses (openai)'];

/** The cost the gateway must report: tokens x catalogue prices, in nano-USD rounded half up once. */
function expectedCost(model: string, turn: TurnResult): string {
  const price = MATRIX_PRICES[model]!;
  const nanoPerMillion = (usd: string): bigint => BigInt(usd.replace('.', '')) * 10n ** BigInt(9 - (usd.split('.')[1]?.length ?? 0));
  const total = BigInt(turn.input) * nanoPerMillion(price.input) + BigInt(turn.output) * nanoPerMillion(price.output);
  const nano = (total + 500_000n) / 1_000_000n;
  return `${nano / 1_000_000_000n}.${(nano % 1_000_000_000n).toString().padStart(9, '0')}`;
}

function expectBilled(model: string, turn: TurnResult): void {
  expect(turn.input).toBeGreaterThan(0);
  expect(turn.output).toBeGreaterThan(0);
  expect(turn.cost).toBe(expectedCost(model, turn));
}

describe.each(DRIVER_NAMES.map((name, i) => ({ name, i })))('translation matrix: $name', ({ i }) => {
  describe.each(UPSTREAMS)('→ $name', (upstream) => {
    it.each([false, true])('should complete a tool round trip (stream: %s)', async (stream) => {
      const driver = DRIVERS[i]!(gw);
      upstream.script('tool');
      const { first, next } = await driver.roundTrip(upstream.model, stream);
      expect(first.call).not.toBeNull();
      expect(first.call!.name).toBe('get_weather');
      expect(first.call!.args).toEqual({ city: 'Oslo' });
      expect(first.finish).toBe(driver.finishes.tool);
      expectBilled(upstream.model, first);
      upstream.script('final');
      const second = await next('{"temp_c": 4}');
      expect(second.call).toBeNull();
      expect(second.text).toMatch(upstream.finalText);
      expect(second.finish).toBe(driver.finishes.done);
      expectBilled(upstream.model, second);
    });
  });
});
