import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { emitWebhookEvent } from './emit-event.js';

/** The key fields an `api_key.*` event carries: never the secret or its hash. */
export interface ApiKeyEventSubject {
  readonly id: string;
  readonly orgId: string;
  readonly projectId: string;
  readonly name: string;
  readonly prefix: string;
}

/**
 * Emit `api_key.created` or `api_key.disabled` (with `reason`: `disabled` or `deleted`) inside the
 * transaction that makes the change. Data: `{key_id, project_id, name, prefix}`.
 */
export async function emitApiKeyEvent(
  trx: Kysely<Database>,
  event: { readonly type: 'api_key.created' } | { readonly type: 'api_key.disabled'; readonly reason: 'disabled' | 'deleted' },
  key: ApiKeyEventSubject,
  now: number,
): Promise<void> {
  const data = { key_id: key.id, project_id: key.projectId, name: key.name, prefix: key.prefix, ...(event.type === 'api_key.disabled' ? { reason: event.reason } : {}) };
  await emitWebhookEvent(trx, { orgId: key.orgId, type: event.type, data, now });
}
