import type {
  Catalogue,
  CatalogueModel,
  ModelCapabilities,
  ModelPricing,
  ModelVersion,
  ProviderConfig,
  UpstreamTimeouts,
} from './catalogue-types.js';
import { parseUsd } from '../core/money.js';
import type { ModelEntry, ProviderEntry } from './catalogue-schema.js';
import { deepFreeze, frozenMap } from './deep-freeze.js';
import { convertRouting, versionOf } from './convert-routing.js';

/** How long a call waits for a free upstream connection when the provider sets `maxConnections`. */
export const DEFAULT_QUEUE_TIMEOUT_MS = 2_000;

/** Timeouts used where a provider sets none. */
export const DEFAULT_TIMEOUTS: Omit<UpstreamTimeouts, 'firstTokenMs'> = Object.freeze({ connectMs: 5_000, headersMs: 60_000, idleMs: 60_000 });

/**
 * Build the frozen in-memory catalogue from entries that passed every check. Disabled models are
 * left out; prices become nano-USD per million units; versions are sorted newest first.
 */
export function convertCatalogue(
  source: string,
  providers: readonly ProviderEntry[],
  models: readonly ModelEntry[],
  env: Readonly<Record<string, string | undefined>>,
): Catalogue {
  const enabled = models.filter((m) => m.enabled !== false).map(convertModel);
  const aliases: [string, string][] = enabled.flatMap((m) => m.aliases.map((a): [string, string] => [a, m.id]));
  return Object.freeze({
    source,
    providers: frozenMap(providers.map((p) => [p.id, deepFreeze(convertProvider(p, env))])),
    models: frozenMap(enabled.map((m) => [m.id, deepFreeze(m)])),
    aliases: frozenMap(aliases),
  });
}

function convertProvider(p: ProviderEntry, env: Readonly<Record<string, string | undefined>>): ProviderConfig {
  const names = p.apiKeyEnv === undefined ? [] : typeof p.apiKeyEnv === 'string' ? [p.apiKeyEnv] : p.apiKeyEnv;
  const secrets = names.map((name) => env[name]).filter((s): s is string => s !== undefined && s !== '');
  const timeouts = { ...DEFAULT_TIMEOUTS, ...p.timeouts };
  return {
    id: p.id,
    type: p.type,
    baseUrl: p.baseUrl === undefined ? null : p.baseUrl.replace(/\/+$/, ''),
    apiKey: secrets[0] ?? null,
    apiKeys: secrets,
    timeouts: { ...timeouts, firstTokenMs: p.timeouts?.firstTokenMs ?? timeouts.headersMs },
    headers: { ...p.headers },
    maxConnections: p.maxConnections ?? null,
    queueTimeoutMs: p.queueTimeoutMs ?? DEFAULT_QUEUE_TIMEOUT_MS,
  };
}

function convertModel(m: ModelEntry): CatalogueModel {
  const versions = convertVersions(m);
  const generative = m.kind === 'chat' || m.kind === 'completion';
  const maxOutputTokens = m.maxOutputTokens ?? 0;
  const created = m.created ?? versions[0]?.version ?? null;
  return {
    id: m.id,
    kind: m.kind,
    displayName: m.displayName ?? m.id,
    aliases: [...(m.aliases ?? [])],
    contextLength: m.contextLength,
    maxOutputTokens,
    defaultMaxOutputTokens: m.defaultMaxOutputTokens ?? maxOutputTokens,
    capabilities: convertCapabilities(m.capabilities ?? {}, generative),
    pricing: convertPricing(m.pricing ?? {}),
    rateLimit: { rpm: m.rateLimit?.rpm ?? null, tpm: m.rateLimit?.tpm ?? null },
    versions,
    routing: convertRouting(m, versions),
    defaultVersion: m.versions === undefined ? null : (m.defaultVersion ?? versions[0]?.version ?? null),
    lifecycle:
      m.lifecycle === undefined
        ? null
        : {
            announcedAt: Date.parse(m.lifecycle.announcedAt),
            sunsetAt: Date.parse(m.lifecycle.sunsetAt),
            noticeUrl: m.lifecycle.noticeUrl ?? null,
            replacement: m.lifecycle.replacement ?? null,
          },
    embedding:
      m.embedding === undefined
        ? null
        : { dimensions: m.embedding.dimensions, adjustableDimensions: m.embedding.adjustableDimensions ?? false },
    created: created === null ? 0 : Math.floor(Date.parse(created) / 1000),
  };
}

function convertVersions(m: ModelEntry): ModelVersion[] {
  const defaultName = m.upstreamModel ?? m.id.slice(m.id.indexOf('/') + 1);
  if (m.versions === undefined) {
    return [versionOf(null, m.deployments ?? [{ provider: m.provider ?? '', upstreamModel: defaultName }], defaultName)];
  }
  return m.versions
    .map((v) => versionOf(v.version, v.deployments ?? [{ provider: v.provider ?? '', upstreamModel: v.upstreamModel ?? defaultName }], defaultName))
    .sort((a, b) => ((a.version ?? '') < (b.version ?? '') ? 1 : (a.version ?? '') > (b.version ?? '') ? -1 : 0));
}

function convertCapabilities(c: NonNullable<ModelEntry['capabilities']>, generative: boolean): ModelCapabilities {
  return {
    tools: c.tools ?? false,
    jsonObject: c.jsonObject ?? false,
    jsonSchema: c.jsonSchema ?? false,
    vision: c.vision ?? false,
    streaming: c.streaming ?? generative,
    reasoning: c.reasoning ?? false,
  };
}

function convertPricing(p: NonNullable<ModelEntry['pricing']>): ModelPricing {
  const nano = (text: string | undefined): bigint | null => (text === undefined ? null : parseUsd(text));
  const display: Record<string, string> = {};
  for (const [field, text] of Object.entries(p)) if (text !== undefined) display[field] = text;
  return {
    input: nano(p.input) ?? 0n,
    output: nano(p.output) ?? 0n,
    cachedInput: nano(p.cachedInput),
    cacheWrite: nano(p.cacheWrite),
    reasoning: nano(p.reasoning),
    searchUnit: nano(p.searchUnit),
    display,
  };
}
