import type { CatalogueProblem } from './catalogue-error.js';
import type { ModelEntry, ProviderEntry } from './catalogue-schema.js';
import { checkModelEntry } from './check-model-entry.js';

/** A validated entry and its position in the file. */
export interface IndexedEntry<T> {
  /** Position in its list (`models[index]`). */
  readonly index: number;
  /** The entry as validated by the schema. */
  readonly entry: T;
}

/** What the cross-checks look at. */
export interface CatalogueCheckInput {
  /** Provider entries that passed the schema. */
  readonly providers: readonly IndexedEntry<ProviderEntry>[];
  /** Model entries that passed the schema. */
  readonly models: readonly IndexedEntry<ModelEntry>[];
  /** Ids written in the file, including entries that failed the schema (avoids follow-on errors). */
  readonly providerIds: ReadonlySet<string>;
  /** Model ids written in the file, including entries that failed the schema. */
  readonly modelIds: ReadonlySet<string>;
  /** Environment, for `apiKeyEnv`. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * Rules across entries: unique ids and aliases, provider references and what each provider type can
 * serve, base URLs, lifecycle replacements, and secrets of providers that enabled models use.
 */
export function checkCatalogue(input: CatalogueCheckInput): CatalogueProblem[] {
  return [
    ...checkProviders(input),
    ...input.models.flatMap(({ index, entry }) => checkModelEntry(entry, `models[${index}]`)),
    ...checkModelIdentity(input.models),
    ...checkModelReferences(input),
  ];
}

function checkProviders(input: CatalogueCheckInput): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const firstAt = new Map<string, number>();
  const usedBy = enabledUsers(input.models);
  for (const { index, entry: p } of input.providers) {
    const at = `providers[${index}]`;
    const first = firstAt.get(p.id);
    if (first !== undefined) problems.push({ path: `${at}.id`, message: `duplicate provider id "${p.id}" (also providers[${first}])` });
    else firstAt.set(p.id, index);
    if (p.type === 'sim' && p.baseUrl !== undefined) {
      problems.push({ path: `${at}.baseUrl`, message: 'is not used by sim providers; remove it' });
    }
    if (p.type === 'sim' && p.maxConnections !== undefined) {
      problems.push({ path: `${at}.maxConnections`, message: 'is not used by sim providers (they open no connections); remove it' });
    }
    if (p.queueTimeoutMs !== undefined && p.maxConnections === undefined) {
      problems.push({ path: `${at}.queueTimeoutMs`, message: 'only applies with maxConnections (without it calls never wait); set both or remove it' });
    }
    if (p.type !== 'sim' && p.baseUrl === undefined) {
      problems.push({ path: `${at}.baseUrl`, message: `is required for ${p.type} providers` });
    }
    if (p.type === 'anthropic' && p.baseUrl !== undefined && /\/v1\/?$/.test(p.baseUrl)) {
      problems.push({ path: `${at}.baseUrl`, message: 'must not end in /v1 for anthropic providers (e.g. https://api.anthropic.com)' });
    }
    const user = usedBy.get(p.id);
    if (user !== undefined) problems.push(...checkSecrets(p, at, user, input.env));
  }
  return problems;
}

/** Every variable of `apiKeyEnv` (one name or a pool) must be set when an enabled model uses the provider. */
function checkSecrets(p: ProviderEntry, at: string, user: string, env: CatalogueCheckInput['env']): CatalogueProblem[] {
  if (p.apiKeyEnv === undefined) return [];
  const names = typeof p.apiKeyEnv === 'string' ? [p.apiKeyEnv] : p.apiKeyEnv;
  const problems: CatalogueProblem[] = [];
  const seen = new Set<string>();
  names.forEach((name, j) => {
    const path = typeof p.apiKeyEnv === 'string' ? `${at}.apiKeyEnv` : `${at}.apiKeyEnv[${j}]`;
    if (seen.has(name)) problems.push({ path, message: `${name} is listed twice` });
    seen.add(name);
    if (!env[name]) problems.push({ path, message: `environment variable ${name} is not set or empty (the provider serves enabled model ${user})` });
  });
  return problems;
}

/** Provider id -> the first enabled model it serves. */
function enabledUsers(models: readonly IndexedEntry<ModelEntry>[]): Map<string, string> {
  const users = new Map<string, string>();
  for (const { entry: m } of models) {
    if (m.enabled === false) continue;
    for (const id of providerRefs(m).map((r) => r.provider)) if (!users.has(id)) users.set(id, m.id);
  }
  return users;
}

/** Every provider a model names, with the path of the field naming it (relative to the entry). */
function providerRefs(model: ModelEntry): { provider: string; field: string }[] {
  if (model.versions !== undefined) return model.versions.flatMap((v, j) => servedBy(v, `versions[${j}].`));
  return servedBy(model, '');
}

function servedBy(entry: Pick<ModelEntry, 'provider' | 'deployments'>, prefix: string): { provider: string; field: string }[] {
  const refs = entry.provider === undefined ? [] : [{ provider: entry.provider, field: `${prefix}provider` }];
  entry.deployments?.forEach((d, k) => refs.push({ provider: d.provider, field: `${prefix}deployments[${k}].provider` }));
  return refs;
}

function checkModelIdentity(models: readonly IndexedEntry<ModelEntry>[]): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const idAt = new Map<string, number>();
  for (const { index, entry: m } of models) {
    const first = idAt.get(m.id);
    if (first !== undefined) problems.push({ path: `models[${index}].id`, message: `duplicate model id "${m.id}" (also models[${first}])` });
    else idAt.set(m.id, index);
  }
  const aliasAt = new Map<string, string>();
  for (const { index, entry: m } of models) {
    (m.aliases ?? []).forEach((alias, j) => {
      const at = `models[${index}].aliases[${j}]`;
      const modelIndex = idAt.get(alias);
      const first = aliasAt.get(alias);
      if (modelIndex !== undefined) problems.push({ path: at, message: `"${alias}" is the id of a model (models[${modelIndex}])` });
      else if (first !== undefined) problems.push({ path: at, message: `alias "${alias}" is already used by ${first}` });
      else aliasAt.set(alias, at);
    });
  }
  return problems;
}

function checkModelReferences(input: CatalogueCheckInput): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const providerTypes = new Map<string, ProviderEntry['type']>();
  // The first entry with an id is the one the duplicate check keeps; later ones are already errors.
  for (const { entry } of input.providers) if (!providerTypes.has(entry.id)) providerTypes.set(entry.id, entry.type);
  const enabled = new Map(input.models.map(({ entry }) => [entry.id, entry.enabled !== false] as const));
  for (const { index, entry: m } of input.models) {
    const at = `models[${index}]`;
    for (const ref of providerRefs(m)) {
      if (!input.providerIds.has(ref.provider)) {
        problems.push({ path: `${at}.${ref.field}`, message: `unknown provider "${ref.provider}"` });
      } else if (providerTypes.get(ref.provider) === 'anthropic' && m.kind !== 'chat') {
        problems.push({
          path: `${at}.${ref.field}`,
          message: `"${ref.provider}" is an anthropic provider, which cannot serve ${m.kind} models`,
        });
      }
    }
    problems.push(...checkFallbacks(input, m, at, enabled));
    const replacement = m.lifecycle?.replacement;
    if (replacement === undefined) continue;
    const path = `${at}.lifecycle.replacement`;
    if (replacement === m.id) problems.push({ path, message: 'cannot be the model itself' });
    else if (!input.modelIds.has(replacement)) problems.push({ path, message: `unknown model "${replacement}"` });
    else if (enabled.get(replacement) === false && m.enabled !== false) {
      problems.push({ path, message: `model "${replacement}" is disabled` });
    }
  }
  return problems;
}

/** Fallbacks name other models of the same kind, enabled when this one is, each once. */
function checkFallbacks(input: CatalogueCheckInput, m: ModelEntry, at: string, enabled: ReadonlyMap<string, boolean>): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const kinds = new Map(input.models.map(({ entry }) => [entry.id, entry.kind] as const));
  const seen = new Set<string>();
  (m.fallbacks ?? []).forEach((f, j) => {
    const id = typeof f === 'string' ? f : f.model;
    const path = typeof f === 'string' ? `${at}.fallbacks[${j}]` : `${at}.fallbacks[${j}].model`;
    if (id === m.id) problems.push({ path, message: 'cannot be the model itself' });
    else if (!input.modelIds.has(id)) problems.push({ path, message: `unknown model "${id}"` });
    else if (seen.has(id)) problems.push({ path, message: `"${id}" is listed twice` });
    else if (kinds.has(id) && kinds.get(id) !== m.kind) problems.push({ path, message: `"${id}" is a ${kinds.get(id)} model; a ${m.kind} model can only fall back to ${m.kind} models` });
    else if (enabled.get(id) === false && m.enabled !== false) problems.push({ path, message: `model "${id}" is disabled` });
    seen.add(id);
  });
  return problems;
}
