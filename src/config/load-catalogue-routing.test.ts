import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { CatalogueError, loadCatalogue } from './load-catalogue.js';

const dir = mkdtempSync(join(tmpdir(), 'tf-routing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
type Json = Record<string, unknown>;
const ENV = { KEY_A: 'a', KEY_B: 'b' };

/** Two vLLM replicas, a pooled OpenAI-compatible upstream and two chat models plus an embedding model. */
function base(): { providers: Json[]; models: Json[] } {
  return {
    providers: [
      { id: 'vllm-a', type: 'openai', baseUrl: 'http://10.0.0.1:8000/v1' },
      { id: 'vllm-b', type: 'openai', baseUrl: 'http://10.0.0.2:8000/v1' },
      { id: 'pool', type: 'openai', baseUrl: 'https://api.example.com/v1', apiKeyEnv: ['KEY_A', 'KEY_B'], timeouts: { firstTokenMs: 3000 } },
    ],
    models: [
      {
        id: 'acme/big',
        kind: 'chat',
        contextLength: 8000,
        maxOutputTokens: 1000,
        pricing: { input: '3', output: '9' },
        upstreamModel: 'big',
        deployments: [{ provider: 'vllm-a', weight: 3 }, { provider: 'vllm-b', upstreamModel: 'big-b', rpm: 100, maxConcurrent: 8 }],
        retries: { attempts: 2, on: ['connect', 'rate_limit'], backoffMs: 50 },
        fallbacks: ['acme/small', { model: 'acme/long', on: 'context_length' }],
        cooldown: { failures: 2, seconds: 10 },
      },
      { id: 'acme/small', kind: 'chat', contextLength: 8000, maxOutputTokens: 1000, pricing: { input: '1', output: '2' }, provider: 'pool' },
      { id: 'acme/long', kind: 'chat', contextLength: 128000, maxOutputTokens: 1000, pricing: { input: '2', output: '4' }, versions: [{ version: '2025-01-01', deployments: [{ provider: 'pool', upstreamModel: 'long' }] }] },
      { id: 'acme/embed', kind: 'embedding', contextLength: 512, embedding: { dimensions: 8 }, pricing: { input: '0.01' }, provider: 'vllm-a' },
    ],
  };
}

function load(data: ReturnType<typeof base>, env: Json = ENV) {
  const file = join(dir, `r${counter++}.yaml`);
  writeFileSync(file, stringify(data));
  return { file, load: () => loadCatalogue(file, env as Record<string, string>) };
}

function problems(mutate: (c: ReturnType<typeof base>) => void, env: Json = ENV): string[] {
  const data = base();
  mutate(data);
  const { file, load: run } = load(data, env);
  try {
    run();
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    return error.message.split('\n').slice(1).map((line) => line.replace(`${file}: `, ''));
  }
  throw new Error('expected the catalogue to be rejected');
}

describe('loadCatalogue routing fields', () => {
  it('should convert deployments, retries, fallbacks, cooldown and key pools with their defaults', () => {
    const catalogue = load(base()).load();
    const big = catalogue.models.get('acme/big')!;
    expect(big.versions[0]!.deployments).toEqual([
      { key: 'vllm-a/big', providerId: 'vllm-a', upstreamModel: 'big', weight: 3, rpm: null, tpm: null, maxConcurrent: null },
      { key: 'vllm-b/big-b', providerId: 'vllm-b', upstreamModel: 'big-b', weight: 1, rpm: 100, tpm: null, maxConcurrent: 8 },
    ]);
    expect(big.versions[0]!.providerId).toBe('vllm-a');
    expect(big.routing).toEqual({
      balance: 'weighted',
      retries: 2,
      retryOn: new Set(['connect', 'rate_limit']),
      backoffMs: 50,
      maxBackoffMs: 2000,
      maxRetryAfterMs: 5000,
      fallbacks: [{ model: 'acme/small', contextLengthOnly: false }, { model: 'acme/long', contextLengthOnly: true }],
      cooldownFailures: 2,
      cooldownMs: 10_000,
    });
    expect(catalogue.models.get('acme/small')!.routing).toBeNull();
    expect(catalogue.models.get('acme/long')!.versions[0]!.upstreamModel).toBe('long');
    const pool = catalogue.providers.get('pool')!;
    expect(pool.apiKeys).toEqual(['a', 'b']);
    expect(pool.apiKey).toBe('a');
    expect(pool.timeouts).toEqual({ connectMs: 5000, headersMs: 60000, idleMs: 60000, firstTokenMs: 3000 });
  });

  it('should default retries to one attempt per further deployment', () => {
    const data = base();
    delete data.models[0]!.retries;
    const routing = load(data).load().models.get('acme/big')!.routing!;
    expect(routing.retries).toBe(1);
    expect([...routing.retryOn]).toEqual(['connect', 'timeout', 'rate_limit', 'server_error']);
  });

  it.each([
    ['an unknown deployment provider', (c: ReturnType<typeof base>) => ((c.models[0]!.deployments as Json[])[1]!.provider = 'vllm-c'), 'models[0].deployments[1].provider: unknown provider "vllm-c"'],
    ['provider and deployments together', (c: ReturnType<typeof base>) => (c.models[0]!.provider = 'vllm-a'), 'models[0].deployments: give either provider or deployments, not both'],
    ['a deployment listed twice', (c: ReturnType<typeof base>) => ((c.models[0]!.deployments as Json[])[1] = { provider: 'vllm-a' }), 'models[0].deployments[1]: the same provider and upstreamModel as deployments[0]'],
    ['a zero weight', (c: ReturnType<typeof base>) => ((c.models[0]!.deployments as Json[])[0]!.weight = 0), 'models[0].deployments[0].weight: must be greater than 0'],
    ['an unknown failure class', (c: ReturnType<typeof base>) => (c.models[0]!.retries = { on: ['teapot'] }), 'models[0].retries.on[0]: must be one of: connect, timeout, rate_limit, server_error (got the string "teapot")'],
    ['too many attempts', (c: ReturnType<typeof base>) => (c.models[0]!.retries = { attempts: 11 }), 'models[0].retries.attempts: must be at most 10'],
    ['an unknown fallback', (c: ReturnType<typeof base>) => (c.models[0]!.fallbacks = ['acme/nope']), 'models[0].fallbacks[0]: unknown model "acme/nope"'],
    ['a fallback to itself', (c: ReturnType<typeof base>) => (c.models[0]!.fallbacks = [{ model: 'acme/big' }]), 'models[0].fallbacks[0].model: cannot be the model itself'],
    ['a fallback of another kind', (c: ReturnType<typeof base>) => (c.models[0]!.fallbacks = ['acme/embed']), 'models[0].fallbacks[0]: "acme/embed" is a embedding model; a chat model can only fall back to chat models'],
    ['a version without provider or deployments', (c: ReturnType<typeof base>) => (c.models[2]!.versions = [{ version: '2025-01-01' }]), 'models[2].versions[0].provider: is required (or give deployments)'],
    ['a zero cooldown', (c: ReturnType<typeof base>) => (c.models[0]!.cooldown = { seconds: 0 }), 'models[0].cooldown.seconds: must be greater than 0'],
    ['a misspelt routing field', (c: ReturnType<typeof base>) => (c.models[0]!.retries = { attempt: 1 }), 'models[0].retries.attempt: is not a known field'],
  ])('should reject %s', (_name, mutate, expected) => {
    expect(problems(mutate)).toEqual([expected]);
  });

  it('should name each unset variable of a key pool', () => {
    expect(problems(() => undefined, { KEY_A: 'a' })).toEqual([
      'providers[2].apiKeyEnv[1]: environment variable KEY_B is not set or empty (the provider serves enabled model acme/small)',
    ]);
  });
});
