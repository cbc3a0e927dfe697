import type { z } from 'zod';
import type { RequestLogRow } from '../../billing/request-log-repository.js';
import { formatUsd } from '../../core/money.js';
import { isoTime } from '../internal/wire.js';
import type { requestDto } from './schema.js';

/** Present a request-log entry (no prompt or completion text is stored, so none is sent). */
export function presentRequest(row: RequestLogRow): z.infer<typeof requestDto> {
  return {
    id: row.id,
    project_id: row.projectId,
    key_id: row.keyId,
    endpoint: row.endpoint,
    model_requested: row.modelRequested,
    model_resolved: row.modelResolved,
    provider_id: row.providerId,
    stream: row.stream,
    status: row.status,
    error_code: row.errorCode,
    latency_ms: row.latencyMs,
    ttft_ms: row.ttftMs,
    upstream_wait_ms: row.upstreamWaitMs,
    source: row.source,
    user_id: row.userId,
    attempts: row.attempts === null ? null : row.attempts.map((a) => ({ model: a.model, deployment: a.deployment, provider: a.provider, status: a.status, error: a.error, latency_ms: a.latencyMs })),
    usage: { input_tokens: row.inputTokens, output_tokens: row.outputTokens, cached_tokens: row.cachedTokens, reasoning_tokens: row.reasoningTokens, source: row.usageSource },
    cost_usd: formatUsd(row.costNano),
    user: row.user,
    tags: { ...row.tags },
    ignored_params: [...row.ignoredParams],
    created_at: isoTime(row.createdAt),
  };
}
