import type { ModelDeployment, ModelRouting, ModelVersion, RetryableFailure } from './catalogue-types.js';
import type { z } from 'zod';
import type { ModelEntry } from './catalogue-schema.js';
import { RETRYABLE_FAILURES, type deploymentEntrySchema } from './routing-schema.js';

type DeploymentEntry = z.output<typeof deploymentEntrySchema>;

/** A version with its deployments; `providerId`/`upstreamModel` repeat the first one (older readers use them). */
export function versionOf(version: string | null, entries: readonly DeploymentEntry[], defaultName: string): ModelVersion {
  const deployments = entries.map((d): ModelDeployment => {
    const upstreamModel = d.upstreamModel ?? defaultName;
    return {
      key: `${d.provider}/${upstreamModel}`,
      providerId: d.provider,
      upstreamModel,
      weight: d.weight ?? 1,
      rpm: d.rpm ?? null,
      tpm: d.tpm ?? null,
      maxConcurrent: d.maxConcurrent ?? null,
    };
  });
  const first = deployments[0]!;
  return { version, providerId: first.providerId, upstreamModel: first.upstreamModel, deployments };
}

/**
 * The routing of a model, or null when it has nothing to route (one deployment per version and no
 * retries, fallbacks or cooldown declared): those models take the plain path, exactly as before.
 */
export function convertRouting(m: ModelEntry, versions: readonly ModelVersion[]): ModelRouting | null {
  const several = versions.some((v) => v.deployments.length > 1);
  if (!several && m.retries === undefined && m.fallbacks === undefined && m.cooldown === undefined && m.balance === undefined) {
    return null;
  }
  const mostDeployments = Math.max(...versions.map((v) => v.deployments.length));
  const retries = m.retries ?? {};
  return {
    balance: m.balance ?? 'weighted',
    retries: retries.attempts ?? mostDeployments - 1,
    retryOn: new Set<RetryableFailure>(retries.on ?? RETRYABLE_FAILURES),
    backoffMs: retries.backoffMs ?? 100,
    maxBackoffMs: retries.maxBackoffMs ?? 2000,
    maxRetryAfterMs: retries.maxRetryAfterMs ?? 5000,
    fallbacks: (m.fallbacks ?? []).map((f) =>
      typeof f === 'string' ? { model: f, contextLengthOnly: false } : { model: f.model, contextLengthOnly: f.on === 'context_length' },
    ),
    cooldownFailures: m.cooldown?.failures ?? 3,
    cooldownMs: (m.cooldown?.seconds ?? 30) * 1000,
  };
}
