import type { Catalogue, ProviderConfig } from '../config/catalogue-types.js';
import { createAnthropicProvider } from './anthropic/index.js';
import { ConnectionGate } from './http/index.js';
import { createOpenAIProvider } from './openai/index.js';
import type { Provider, ProviderType } from './provider.js';
import { createSimProvider } from './sim/index.js';

/** Provider type -> factory; the one place that knows every adapter. `gate`: a `maxConnections` gate shared by a key pool's credentials. */
const FACTORIES: Record<ProviderType, (config: ProviderConfig, gate: ConnectionGate | null) => Provider> = {
  openai: createOpenAIProvider,
  anthropic: createAnthropicProvider,
  // The sim counts tokens with the o200k tokenizer, loaded on its first request rather than at start:
  // its tables are about 50 MiB of an idle gateway's RSS (bench/idle-footprint.mjs).
  sim: (config) => createSimProvider({ id: config.id }),
};

/**
 * Build a provider for every provider of the catalogue, and for a key pool one per further key:
 * map keys `id`, `id#2`, `id#3` ... (see {@link credentialLaneIds}); each instance keeps the
 * catalogue id as its `id`, so answers and errors name the provider, never which key. The
 * instances of one pool share one `maxConnections` gate: the limit is the upstream's, not a key's.
 */
export function createProviders(catalogue: Catalogue): Map<string, Provider> {
  const out = new Map<string, Provider>();
  for (const config of catalogue.providers.values()) {
    const lanes = credentialLaneIds(config);
    const gate = lanes.length > 1 && config.maxConnections !== null ? new ConnectionGate(config.id, config.maxConnections, config.queueTimeoutMs) : null;
    lanes.forEach((lane, i) => out.set(lane, FACTORIES[config.type](i === 0 ? config : { ...config, apiKey: config.apiKeys[i]! }, gate)));
  }
  return out;
}

/** The provider-map keys of a provider's credentials: `id` for the first (or only) key, `id#N` for the N-th. */
export function credentialLaneIds(config: ProviderConfig): string[] {
  const lanes = [config.id];
  for (let i = 2; i <= config.apiKeys.length; i++) lanes.push(`${config.id}#${i}`);
  return lanes;
}
