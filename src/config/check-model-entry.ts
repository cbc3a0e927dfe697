import type { CatalogueProblem } from './catalogue-error.js';
import type { ModelEntry } from './catalogue-schema.js';

/** Kinds that produce generated tokens and so take output limits. */
const GENERATIVE = new Set<ModelEntry['kind']>(['chat', 'completion']);

/**
 * Rules within one model entry that the schema cannot express: the deployment form, version choice,
 * output limits, kind-specific fields, the price of an enabled model and lifecycle order.
 * `at` is the entry's path (`models[3]`).
 */
export function checkModelEntry(model: ModelEntry, at: string): CatalogueProblem[] {
  return [
    ...checkDeployment(model, at),
    ...checkOutputLimits(model, at),
    ...checkKindFields(model, at),
    ...checkPricing(model, at),
    ...checkLifecycleOrder(model, at),
  ];
}

function checkDeployment(model: ModelEntry, at: string): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  if (model.versions !== undefined) {
    if (model.provider !== undefined || model.upstreamModel !== undefined) {
      problems.push({ path: at, message: 'give either versions or the provider/upstreamModel shorthand, not both' });
    }
    if (model.deployments !== undefined) problems.push({ path: `${at}.deployments`, message: 'give deployments inside each version, not beside versions' });
    const seen = new Set<string>();
    model.versions.forEach((v, j) => {
      if (seen.has(v.version)) problems.push({ path: `${at}.versions[${j}].version`, message: `duplicate version ${v.version}` });
      seen.add(v.version);
      problems.push(...checkServedBy(v, `${at}.versions[${j}]`, '(or give deployments)'));
    });
    const listed = model.versions.map((v) => v.version);
    if (model.defaultVersion !== undefined && !seen.has(model.defaultVersion)) {
      problems.push({
        path: `${at}.defaultVersion`,
        message: `${model.defaultVersion} is not one of the versions (${listed.join(', ')})`,
      });
    }
    if (model.defaultVersion === undefined && seen.size > 1) {
      problems.push({ path: `${at}.defaultVersion`, message: 'is required when there are several versions' });
    }
  } else {
    problems.push(...checkServedBy(model, at, '(or give versions or deployments)'));
    if (model.defaultVersion !== undefined) {
      problems.push({ path: `${at}.defaultVersion`, message: 'is only allowed with versions' });
    }
  }
  return problems;
}

/** Exactly one of `provider` and `deployments`, and no deployment listed twice. */
function checkServedBy(
  entry: { readonly provider?: string | undefined; readonly upstreamModel?: string | undefined; readonly deployments?: readonly { provider: string; upstreamModel?: string | undefined }[] | undefined },
  at: string,
  missing: string,
): CatalogueProblem[] {
  if (entry.provider !== undefined && entry.deployments !== undefined) {
    return [{ path: `${at}.deployments`, message: 'give either provider or deployments, not both' }];
  }
  if (entry.provider === undefined && entry.deployments === undefined) {
    return [{ path: `${at}.provider`, message: `is required ${missing}` }];
  }
  const problems: CatalogueProblem[] = [];
  const seen = new Map<string, number>();
  entry.deployments?.forEach((d, k) => {
    const key = `${d.provider}/${d.upstreamModel ?? entry.upstreamModel ?? ''}`;
    const first = seen.get(key);
    if (first !== undefined) problems.push({ path: `${at}.deployments[${k}]`, message: `the same provider and upstreamModel as deployments[${first}]` });
    else seen.set(key, k);
  });
  return problems;
}

function checkOutputLimits(model: ModelEntry, at: string): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  if (!GENERATIVE.has(model.kind)) {
    for (const field of ['maxOutputTokens', 'defaultMaxOutputTokens'] as const) {
      if (model[field] !== undefined) problems.push({ path: `${at}.${field}`, message: `is not used by ${model.kind} models; remove it` });
    }
    return problems;
  }
  if (model.maxOutputTokens === undefined) {
    problems.push({ path: `${at}.maxOutputTokens`, message: `is required for ${model.kind} models` });
    return problems;
  }
  if (model.maxOutputTokens > model.contextLength) {
    problems.push({ path: `${at}.maxOutputTokens`, message: `must be at most contextLength (${model.contextLength})` });
  }
  if (model.defaultMaxOutputTokens !== undefined && model.defaultMaxOutputTokens > model.maxOutputTokens) {
    problems.push({ path: `${at}.defaultMaxOutputTokens`, message: `must be at most maxOutputTokens (${model.maxOutputTokens})` });
  }
  return problems;
}

function checkKindFields(model: ModelEntry, at: string): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  if (model.kind === 'embedding' && model.embedding === undefined) {
    problems.push({ path: `${at}.embedding`, message: 'is required for embedding models ({dimensions, adjustableDimensions})' });
  }
  if (model.kind !== 'embedding' && model.embedding !== undefined) {
    problems.push({ path: `${at}.embedding`, message: 'is only allowed for embedding models' });
  }
  if (!GENERATIVE.has(model.kind) && model.capabilities !== undefined) {
    for (const [name, on] of Object.entries(model.capabilities)) {
      if (on === true) problems.push({ path: `${at}.capabilities.${name}`, message: `does not apply to ${model.kind} models` });
    }
  }
  return problems;
}

/** The price fields an enabled model of each kind must have. */
function requiredPrices(kind: ModelEntry['kind']): readonly (keyof NonNullable<ModelEntry['pricing']>)[] {
  if (kind === 'embedding') return ['input'];
  if (kind === 'rerank') return ['searchUnit'];
  return ['input', 'output'];
}

function checkPricing(model: ModelEntry, at: string): CatalogueProblem[] {
  if (model.enabled === false) return [];
  const why = 'an enabled model must have a price (set enabled: false to keep it unpriced)';
  if (model.pricing === undefined) return [{ path: `${at}.pricing`, message: `is required: ${why}` }];
  const pricing = model.pricing;
  // A reranker billed per token (not per search) is priced with `input` instead of `searchUnit`.
  if (model.kind === 'rerank' && pricing.input !== undefined) return [];
  return requiredPrices(model.kind)
    .filter((field) => pricing[field] === undefined)
    .map((field) => ({
      path: `${at}.pricing.${field}`,
      message: model.kind === 'rerank' ? `is required (or input, for per-token pricing): ${why}` : `is required: ${why}`,
    }));
}

function checkLifecycleOrder(model: ModelEntry, at: string): CatalogueProblem[] {
  const lifecycle = model.lifecycle;
  if (lifecycle === undefined) return [];
  if (Date.parse(lifecycle.sunsetAt) <= Date.parse(lifecycle.announcedAt)) {
    return [{ path: `${at}.lifecycle.sunsetAt`, message: `must be after announcedAt (${lifecycle.announcedAt})` }];
  }
  return [];
}
