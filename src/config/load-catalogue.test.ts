import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { DEMO_CATALOGUE_PATH } from './demo-catalogue.js';
import { CatalogueError, loadCatalogue } from './load-catalogue.js';

const dir = mkdtempSync(join(tmpdir(), 'tf-catalogue-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
/** Write `text` to a fresh temp file and return its path. */
function writeTemp(text: string): string {
  const file = join(dir, `c${counter++}.yaml`);
  writeFileSync(file, text);
  return file;
}

type Json = Record<string, unknown>;

/** A small valid catalogue as plain data; each test mutates its own copy. */
function baseCatalogue(): { providers: Json[]; models: Json[] } {
  return {
    providers: [
      { id: 'sim', type: 'sim' },
      { id: 'vllm', type: 'openai', baseUrl: 'http://127.0.0.1:8000/v1/', apiKeyEnv: 'VLLM_KEY' },
      { id: 'claude', type: 'anthropic', baseUrl: 'https://api.anthropic.com' },
    ],
    models: [
      {
        id: 'acme/chat-1',
        kind: 'chat',
        aliases: ['chat-1'],
        contextLength: 8000,
        maxOutputTokens: 4000,
        defaultMaxOutputTokens: 1000,
        pricing: { input: '1.00', output: '2.00' },
        versions: [
          { version: '2024-01-01', provider: 'sim', upstreamModel: 'chat-1-old' },
          { version: '2024-06-01', provider: 'vllm', upstreamModel: 'chat-1-new' },
        ],
        defaultVersion: '2024-01-01',
      },
      {
        id: 'acme/embed-1',
        kind: 'embedding',
        contextLength: 512,
        embedding: { dimensions: 384 },
        pricing: { input: '0.01' },
        provider: 'sim',
      },
    ],
  };
}

/** Load the base catalogue after `mutate`, expecting failure; returns the issue lines and the file. */
function failures(mutate: (c: ReturnType<typeof baseCatalogue>) => void, env: Json = { VLLM_KEY: 'k' }): { file: string; lines: string[] } {
  const data = baseCatalogue();
  mutate(data);
  const file = writeTemp(stringify(data));
  try {
    loadCatalogue(file, env as Record<string, string>);
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    return { file, lines: error.message.split('\n').slice(1) };
  }
  throw new Error('expected the catalogue to be rejected');
}

const chat = (c: ReturnType<typeof baseCatalogue>): Json => c.models[0]!;
const embed = (c: ReturnType<typeof baseCatalogue>): Json => c.models[1]!;

describe('loadCatalogue', () => {
  it('should load the bundled demo catalogue', () => {
    const catalogue = loadCatalogue(DEMO_CATALOGUE_PATH, {});
    expect(catalogue.source).toBe(DEMO_CATALOGUE_PATH);
    expect([...catalogue.models.keys()]).toEqual([
      'openai/gpt-4o-mini',
      'openai/gpt-4o',
      'anthropic/claude-sonnet-4',
      'meta/llama-3.1-8b-instruct',
      'openai/gpt-3.5-turbo',
      'openai/text-embedding-3-small',
      'openai/gpt-3.5-turbo-instruct',
      'cohere/rerank-v3.5',
    ]);
    const gpt4o = catalogue.models.get('openai/gpt-4o')!;
    expect(gpt4o.versions.map((v) => v.version)).toEqual(['2024-11-20', '2024-08-06']);
    expect(gpt4o.defaultVersion).toBe('2024-11-20');
    expect(gpt4o.pricing.input).toBe(2_500_000_000n);
    expect(gpt4o.pricing.display).toEqual({ input: '2.50', output: '10.00', cachedInput: '1.25' });
    expect(catalogue.models.get('cohere/rerank-v3.5')!.pricing.searchUnit).toBe(2_000_000_000_000n);
    expect(catalogue.aliases.get('gpt-4o-mini')).toBe('openai/gpt-4o-mini');
    const embedding = catalogue.models.get('openai/text-embedding-3-small')!;
    expect(embedding.embedding).toEqual({ dimensions: 1536, adjustableDimensions: true });
    expect(embedding.capabilities.streaming).toBe(false);
    expect(embedding.versions).toEqual([
      {
        version: null,
        providerId: 'sim',
        upstreamModel: 'text-embedding-3-small',
        deployments: [{ key: 'sim/text-embedding-3-small', providerId: 'sim', upstreamModel: 'text-embedding-3-small', weight: 1, rpm: null, tpm: null, maxConcurrent: null }],
      },
    ]);
    expect(embedding.routing).toBeNull();
  });

  it('should convert fields and apply defaults', () => {
    const file = writeTemp(stringify(baseCatalogue()));
    const catalogue = loadCatalogue(file, { VLLM_KEY: 'secret' });
    const vllm = catalogue.providers.get('vllm')!;
    expect(vllm).toEqual({
      id: 'vllm',
      type: 'openai',
      baseUrl: 'http://127.0.0.1:8000/v1',
      apiKey: 'secret',
      apiKeys: ['secret'],
      timeouts: { connectMs: 5000, headersMs: 60000, idleMs: 60000, firstTokenMs: 60000 },
      headers: {},
      maxConnections: null,
      queueTimeoutMs: 2000,
    });
    const model = catalogue.models.get('acme/chat-1')!;
    expect(model.displayName).toBe('acme/chat-1');
    expect(model.capabilities).toEqual({ tools: false, jsonObject: false, jsonSchema: false, vision: false, streaming: true, reasoning: false });
    expect(model.pricing).toMatchObject({ input: 1_000_000_000n, output: 2_000_000_000n, cachedInput: null, searchUnit: null });
    expect(model.versions.map((v) => [v.version, v.providerId])).toEqual([['2024-06-01', 'vllm'], ['2024-01-01', 'sim']]);
    expect(model.created).toBe(Date.UTC(2024, 5, 1) / 1000);
    expect(model.rateLimit).toEqual({ rpm: null, tpm: null });
  });

  it('should deeply freeze the result', () => {
    const catalogue = loadCatalogue(writeTemp(stringify(baseCatalogue())), { VLLM_KEY: 'k' });
    const model = catalogue.models.get('acme/chat-1')!;
    expect(Object.isFrozen(catalogue)).toBe(true);
    expect(Object.isFrozen(model.versions[0])).toBe(true);
    expect(Object.isFrozen(model.pricing.display)).toBe(true);
    expect(() => (catalogue.models as Map<string, unknown>).set('x', model)).toThrow(TypeError);
    expect(() => (catalogue.aliases as Map<string, string>).delete('chat-1')).toThrow(TypeError);
  });

  it('should treat the shorthand as one unversioned deployment named after the id', () => {
    const catalogue = loadCatalogue(writeTemp(stringify(baseCatalogue())), { VLLM_KEY: 'k' });
    const model = catalogue.models.get('acme/embed-1')!;
    expect(model.versions).toMatchObject([{ version: null, providerId: 'sim', upstreamModel: 'embed-1', deployments: [{ key: 'sim/embed-1', weight: 1 }] }]);
    expect(model.defaultVersion).toBeNull();
    expect(model.maxOutputTokens).toBe(0);
  });

  it('should validate disabled models but leave them out, even without a price', () => {
    const data = baseCatalogue();
    data.models.push({ id: 'acme/old', kind: 'chat', aliases: ['old'], contextLength: 10, maxOutputTokens: 5, provider: 'sim', enabled: false });
    const catalogue = loadCatalogue(writeTemp(stringify(data)), { VLLM_KEY: 'k' });
    expect(catalogue.models.has('acme/old')).toBe(false);
    expect(catalogue.aliases.has('old')).toBe(false);
  });

  it('should not require the secret of a provider no enabled model uses', () => {
    const data = baseCatalogue();
    (chat(data).versions as Json[])[1]!.provider = 'sim';
    const catalogue = loadCatalogue(writeTemp(stringify(data)), {});
    expect(catalogue.providers.get('vllm')!.apiKey).toBeNull();
  });

  it('should accept YAML anchors and merge keys, with shared settings under x- keys', () => {
    const text = [
      'providers: [{ id: sim, type: sim }]',
      'x-chat: &chat { kind: chat, contextLength: 100, maxOutputTokens: 50, provider: sim }',
      'models:',
      '  - { <<: *chat, id: a/one, pricing: { input: "1", output: "2" } }',
      '  - { <<: *chat, id: a/two, maxOutputTokens: 20, pricing: { input: "1", output: "2" } }',
    ].join('\n');
    const catalogue = loadCatalogue(writeTemp(text), {});
    expect(catalogue.models.get('a/one')!.maxOutputTokens).toBe(50);
    expect(catalogue.models.get('a/two')!.maxOutputTokens).toBe(20);
    const typo = writeTemp(text.replace('x-chat', 'chat'));
    expect(() => loadCatalogue(typo, {})).toThrow(`${typo}: chat: is not a known field`);
  });

  it('should load every complete example of catalogues/README.md', () => {
    const readme = readFileSync(join(DEMO_CATALOGUE_PATH, '..', 'README.md'), 'utf8');
    const examples = [...readme.matchAll(/```yaml\n(providers:[\s\S]*?)```/g)].map((m) => m[1]!);
    expect(examples).toHaveLength(7);
    const env = { VLLM_API_KEY: 'a', OPENAI_API_KEY: 'b', ANTHROPIC_API_KEY: 'c', OPENAI_KEY_1: 'd', OPENAI_KEY_2: 'e', OPENAI_KEY_3: 'f' };
    for (const example of examples) expect(loadCatalogue(writeTemp(example), env).models.size).toBeGreaterThan(0);
  });

  it('should report every problem at once, in file order', () => {
    const { file, lines } = failures((c) => {
      c.providers[0]!.type = 'bogus';
      chat(c).contextLength = 'big';
      embed(c).pricing = { input: 0.01 };
    });
    expect(lines).toEqual([
      `${file}: providers[0].type: must be one of: openai, anthropic, sim (got the string "bogus")`,
      `${file}: models[0].contextLength: must be a number, got the string "big"`,
      `${file}: models[1].pricing.input: must be a decimal string with at most 9 decimals; quote it, e.g. "0.15"`,
    ]);
  });

  it('should name the line and column of a YAML syntax error', () => {
    const file = writeTemp('providers:\n  - id: sim\n    type: sim\n    type: openai\nmodels: []\n');
    expect(() => loadCatalogue(file, {})).toThrow(`${file}: line 4, column 5: YAML syntax error: Map keys must be unique`);
  });

  it('should report a missing file and an empty file', () => {
    const missing = join(dir, 'nope.yaml');
    expect(() => loadCatalogue(missing, {})).toThrow(`${missing}: (file): file not found`);
    const empty = writeTemp('# nothing\n');
    expect(() => loadCatalogue(empty, {})).toThrow(`${empty}: (file): is empty; expected providers: and models:`);
  });

  it('should carry structured issues with lines', () => {
    const file = writeTemp(stringify(baseCatalogue()).replace('contextLength: 8000', 'contextLength: -1'));
    try {
      loadCatalogue(file, { VLLM_KEY: 'k' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CatalogueError);
      const issue = (error as CatalogueError).issues[0]!;
      expect(issue).toMatchObject({ file, path: 'models[0].contextLength', message: 'must be greater than 0' });
      expect(issue.line).toBeGreaterThan(10);
    }
  });
});

type Mutation = (c: ReturnType<typeof baseCatalogue>) => void;

/** Each invalid catalogue and the one line it must produce (after `<file>: `). */
const INVALID: readonly [string, Mutation, string][] = [
  ['maxConnections on a sim provider', (c) => void (c.providers[0]!.maxConnections = 8), 'providers[0].maxConnections: is not used by sim providers (they open no connections); remove it'],
  ['queueTimeoutMs without maxConnections', (c) => void (c.providers[1]!.queueTimeoutMs = 500), 'providers[1].queueTimeoutMs: only applies with maxConnections (without it calls never wait); set both or remove it'],
  ['a connection limit of 0', (c) => void (c.providers[1]!.maxConnections = 0), 'providers[1].maxConnections: must be greater than 0'],
  ['an unknown top-level key', (c) => void ((c as Json).model = []), 'model: is not a known field'],
  ['a missing list', (c) => void delete (c as Partial<typeof c>).models, 'models: is required'],
  ['too many decimals', (c) => void (chat(c).pricing = { input: '0.1234567891', output: '1' }), 'models[0].pricing.input: must be a decimal string with at most 9 decimals'],
  ['a price that is not a decimal', (c) => void (chat(c).pricing = { input: '$1', output: '1' }), 'models[0].pricing.input: must be a decimal string with at most 9 decimals'],
  ['an unknown field', (c) => void (chat(c).contextLenght = 5), 'models[0].contextLenght: is not a known field'],
  ['a missing field', (c) => void delete chat(c).contextLength, 'models[0].contextLength: is required'],
  ['a bad model id', (c) => void (chat(c).id = 'Acme/Chat'), 'models[0].id: must be <author>/<name>, each part lowercase [a-z0-9._-]'],
  ['a bad kind', (c) => void (chat(c).kind = 'image'), 'models[0].kind: must be one of: chat, embedding, completion, rerank (got the string "image")'],
  ['a bad version date', (c) => void ((chat(c).versions as Json[])[0]!.version = '2024-02-30'), 'models[0].versions[0].version: must be a date written YYYY-MM-DD'],
  ['a duplicate provider id', (c) => void (c.providers[2]!.id = 'sim'), 'providers[2].id: duplicate provider id "sim" (also providers[0])'],
  ['a duplicate model id', (c) => void (embed(c).id = 'acme/chat-1'), 'models[1].id: duplicate model id "acme/chat-1" (also models[0])'],
  ['a duplicate alias', (c) => void (embed(c).aliases = ['chat-1']), 'models[1].aliases[0]: alias "chat-1" is already used by models[0].aliases[0]'],
  ['an alias equal to a model id', (c) => void (embed(c).aliases = ['acme/chat-1']), 'models[1].aliases[0]: "acme/chat-1" is the id of a model (models[0])'],
  ['an unknown provider', (c) => void ((chat(c).versions as Json[])[1]!.provider = 'gpu'), 'models[0].versions[1].provider: unknown provider "gpu"'],
  ['an unknown default version', (c) => void (chat(c).defaultVersion = '2023-01-01'), 'models[0].defaultVersion: 2023-01-01 is not one of the versions (2024-01-01, 2024-06-01)'],
  ['several versions without a default', (c) => void delete chat(c).defaultVersion, 'models[0].defaultVersion: is required when there are several versions'],
  ['a duplicate version', (c) => void ((chat(c).versions as Json[])[1]!.version = '2024-01-01'), 'models[0].versions[1].version: duplicate version 2024-01-01'],
  ['both deployment forms', (c) => void (chat(c).provider = 'sim'), 'models[0]: give either versions or the provider/upstreamModel shorthand, not both'],
  ['no deployment', (c) => void delete embed(c).provider, 'models[1].provider: is required (or give versions or deployments)'],
  ['default output above the ceiling', (c) => void (chat(c).defaultMaxOutputTokens = 4001), 'models[0].defaultMaxOutputTokens: must be at most maxOutputTokens (4000)'],
  ['output ceiling above the context', (c) => void (chat(c).maxOutputTokens = 9000), 'models[0].maxOutputTokens: must be at most contextLength (8000)'],
  ['a chat model without an output ceiling', (c) => void delete chat(c).maxOutputTokens, 'models[0].maxOutputTokens: is required for chat models'],
  ['an enabled model without a price', (c) => void delete chat(c).pricing, 'models[0].pricing: is required: an enabled model must have a price (set enabled: false to keep it unpriced)'],
  ['an enabled model without an output price', (c) => void (chat(c).pricing = { input: '1' }), 'models[0].pricing.output: is required: an enabled model must have a price (set enabled: false to keep it unpriced)'],
  ['an unknown replacement', (c) => void (chat(c).lifecycle = { announcedAt: '2025-01-01', sunsetAt: '2026-01-01', replacement: 'acme/none' }), 'models[0].lifecycle.replacement: unknown model "acme/none"'],
  ['a sunset before the announcement', (c) => void (chat(c).lifecycle = { announcedAt: '2026-01-01T00:00:00Z', sunsetAt: '2025-01-01' }), 'models[0].lifecycle.sunsetAt: must be after announcedAt (2026-01-01T00:00:00Z)'],
  ['a date-time without a time zone', (c) => void (chat(c).lifecycle = { announcedAt: '2025-01-01T00:00:00', sunsetAt: '2026-01-01' }), 'models[0].lifecycle.announcedAt: must be a date-time with a time zone (2026-01-01T00:00:00Z) or a date (2026-01-01)'],
  ['an embedding model on anthropic', (c) => void (embed(c).provider = 'claude'), 'models[1].provider: "claude" is an anthropic provider, which cannot serve embedding models'],
  ['an embedding model without dimensions', (c) => void delete embed(c).embedding, 'models[1].embedding: is required for embedding models ({dimensions, adjustableDimensions})'],
  ['a chat capability on an embedding model', (c) => void (embed(c).capabilities = { tools: true }), 'models[1].capabilities.tools: does not apply to embedding models'],
  ['an openai provider without a base URL', (c) => void delete c.providers[1]!.baseUrl, 'providers[1].baseUrl: is required for openai providers'],
  ['an anthropic base URL ending in /v1', (c) => void (c.providers[2]!.baseUrl = 'https://api.anthropic.com/v1'), 'providers[2].baseUrl: must not end in /v1 for anthropic providers (e.g. https://api.anthropic.com)'],
  ['a base URL that is not http', (c) => void (c.providers[1]!.baseUrl = 'ftp://x'), 'providers[1].baseUrl: must be an http:// or https:// URL'],
  ['a bad header name', (c) => void (c.providers[1]!.headers = { 'bad header': 'v' }), 'providers[1].headers["bad header"]: must be an HTTP header name'],
];

describe('loadCatalogue on invalid files', () => {
  it.each(INVALID)('should reject %s', (_name, mutate, expected) => {
    const { file, lines } = failures(mutate);
    expect(lines).toEqual([`${file}: ${expected}`]);
  });

  it('should reject a missing secret of a provider an enabled model uses', () => {
    const { file, lines } = failures(() => undefined, {});
    expect(lines).toEqual([
      `${file}: providers[1].apiKeyEnv: environment variable VLLM_KEY is not set or empty (the provider serves enabled model acme/chat-1)`,
    ]);
  });

  it('should reject a replacement that is disabled', () => {
    const { file, lines } = failures((c) => {
      embed(c).enabled = false;
      chat(c).lifecycle = { announcedAt: '2025-01-01', sunsetAt: '2026-01-01', replacement: 'acme/embed-1' };
    });
    expect(lines).toEqual([`${file}: models[0].lifecycle.replacement: model "acme/embed-1" is disabled`]);
  });
});
