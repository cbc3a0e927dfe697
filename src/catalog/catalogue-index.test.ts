import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE_PATH } from '../config/demo-catalogue.js';
import { loadCatalogue } from '../config/load-catalogue.js';
import { modelStatus, resolveCatalogueModel, selectVersion } from './catalogue-index.js';

const demo = loadCatalogue(DEMO_CATALOGUE_PATH, {});
const model = (id: string) => {
  const found = demo.models.get(id);
  if (found === undefined) throw new Error(`no ${id} in the demo catalogue`);
  return found;
};

describe('resolveCatalogueModel', () => {
  it('should resolve an exact model id', () => {
    expect(resolveCatalogueModel(demo, 'openai/gpt-4o')?.id).toBe('openai/gpt-4o');
  });

  it('should resolve a catalogue alias to its model', () => {
    expect(resolveCatalogueModel(demo, 'gpt-4o-mini')?.id).toBe('openai/gpt-4o-mini');
    expect(resolveCatalogueModel(demo, 'rerank-v3.5')?.id).toBe('cohere/rerank-v3.5');
  });

  it('should be case-sensitive and return null for unknown names', () => {
    expect(resolveCatalogueModel(demo, 'GPT-4o')).toBeNull();
    expect(resolveCatalogueModel(demo, 'openai/GPT-4o')).toBeNull();
    expect(resolveCatalogueModel(demo, 'openai/gpt-5')).toBeNull();
  });
});

describe('modelStatus', () => {
  const deprecated = model('openai/gpt-3.5-turbo');

  it('should be active without a lifecycle', () => {
    expect(modelStatus(model('openai/gpt-4o'), Date.UTC(2030, 0, 1))).toBe('active');
  });

  it('should follow the clock through announcement and sunset', () => {
    expect(modelStatus(deprecated, Date.UTC(2025, 7, 31, 23, 59))).toBe('active');
    expect(modelStatus(deprecated, Date.UTC(2025, 8, 1))).toBe('deprecated');
    expect(modelStatus(deprecated, Date.UTC(2027, 5, 29, 23, 59, 59, 999))).toBe('deprecated');
    expect(modelStatus(deprecated, Date.UTC(2027, 5, 30))).toBe('retired');
  });
});

describe('selectVersion', () => {
  const gpt4o = model('openai/gpt-4o');

  it('should serve the default version when none is pinned', () => {
    expect(selectVersion(gpt4o, null)).toMatchObject({ version: '2024-11-20', providerId: 'sim', upstreamModel: 'gpt-4o-2024-11-20' });
    expect(selectVersion(gpt4o, null)?.deployments.map((d) => d.providerId)).toEqual(['sim']);
  });

  it('should serve a pinned version and refuse an unknown one', () => {
    expect(selectVersion(gpt4o, '2024-08-06')?.upstreamModel).toBe('gpt-4o-2024-08-06');
    expect(selectVersion(gpt4o, '2024-05-13')).toBeNull();
  });

  it('should serve the only deployment of an unversioned model', () => {
    const llama = model('meta/llama-3.1-8b-instruct');
    expect(selectVersion(llama, null)).toMatchObject({ version: null, providerId: 'sim', upstreamModel: 'meta-llama/Llama-3.1-8B-Instruct' });
    expect(selectVersion(llama, '2024-07-23')).toBeNull();
  });

  it('should default a single-version model to that version', () => {
    expect(model('anthropic/claude-sonnet-4').defaultVersion).toBe('2025-05-14');
    expect(selectVersion(model('anthropic/claude-sonnet-4'), null)?.upstreamModel).toBe('claude-sonnet-4-20250514');
  });
});
