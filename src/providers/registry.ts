import { loadTokenizer } from '../protocol/tokenizer.js';
import type { Catalogue, ProviderConfig } from '../config/catalogue-types.js';
import { createAnthropicProvider } from './anthropic/index.js';
import { createOpenAIProvider } from './openai/index.js';
import type { Provider, ProviderType } from './provider.js';
import { createSimProvider } from './sim/index.js';

/** Provider type -> factory; the one place that knows every adapter. */
const FACTORIES: Record<ProviderType, (config: ProviderConfig) => Provider> = {
  openai: createOpenAIProvider,
  anthropic: createAnthropicProvider,
  sim: (config) => {
    // The sim counts tokens on every answer: load the tokenizer now rather than on the first request.
    loadTokenizer();
    return createSimProvider({ id: config.id });
  },
};

/** Build a provider for every provider of the catalogue. */
export function createProviders(catalogue: Catalogue): Map<string, Provider> {
  const out = new Map<string, Provider>();
  for (const config of catalogue.providers.values()) out.set(config.id, FACTORIES[config.type](config));
  return out;
}
