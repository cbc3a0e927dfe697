import type { Catalogue, ProviderConfig } from '../config/catalogue-types.js';
import { createAnthropicProvider } from './anthropic/index.js';
import { createOpenAIProvider } from './openai/index.js';
import type { Provider, ProviderType } from './provider.js';
import { createSimProvider } from './sim/index.js';

/** Provider type -> factory; the one place that knows every adapter. */
const FACTORIES: Record<ProviderType, (config: ProviderConfig) => Provider> = {
  openai: createOpenAIProvider,
  anthropic: createAnthropicProvider,
  // The sim counts tokens with the o200k tokenizer, loaded on its first request rather than at start:
  // its tables are about 50 MiB of an idle gateway's RSS (bench/idle-footprint.mjs).
  sim: (config) => createSimProvider({ id: config.id }),
};

/** Build a provider for every provider of the catalogue. */
export function createProviders(catalogue: Catalogue): Map<string, Provider> {
  const out = new Map<string, Provider>();
  for (const config of catalogue.providers.values()) out.set(config.id, FACTORIES[config.type](config));
  return out;
}
