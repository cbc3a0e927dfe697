import { sql } from 'kysely';
import { authorizeOrg, type Actor } from '../../auth/authorize.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { isoTime } from '../internal/wire.js';
import type { z } from 'zod';
import type { overviewDto } from './schema.js';

/** Start of the UTC month holding `now`, ms. */
function monthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/**
 * The organization's month so far from the request log: requests and failures (the rollups count
 * only billed usage), and deprecated models still in use with their sunset and replacement.
 */
export async function getOrgOverview(ctx: ConsoleContext, actor: Actor, orgId: string): Promise<z.infer<typeof overviewDto>> {
  await authorizeOrg(ctx.db, actor, orgId, 'org.usage.read');
  const now = ctx.now();
  const from = monthStart(now);
  const inMonth = ctx.db.selectFrom('request_log').where('org_id', '=', orgId).where('created_at', '>=', from);
  const totals = await inMonth
    .select((eb) => [eb.fn.countAll<string | number>().as('requests'), eb.fn.sum<string | number | null>(sql`case when status >= 400 then 1 else 0 end`).as('failed')])
    .executeTakeFirstOrThrow();
  const byModel = await inMonth
    .where('model_resolved', 'is not', null)
    .select((eb) => ['model_resolved', eb.fn.countAll<string | number>().as('requests')])
    .groupBy('model_resolved')
    .execute();
  // model_resolved may carry a pinned version (`id@2024-07-18`): lifecycle belongs to the model id.
  const used = new Map<string, number>();
  for (const row of byModel) {
    const id = row.model_resolved!.split('@')[0]!;
    used.set(id, (used.get(id) ?? 0) + Number(row.requests));
  }
  const deprecated = [...used]
    .map(([model, requests]) => ({ model, requests, lifecycle: ctx.modelLifecycle?.(model) ?? null }))
    .filter((m) => m.lifecycle !== null && m.lifecycle.announcedAt <= now)
    .sort((a, b) => b.requests - a.requests || a.model.localeCompare(b.model))
    .map(({ model, requests, lifecycle }) => ({ model, requests, sunset_at: isoTime(lifecycle!.sunsetAt), replacement: lifecycle!.replacement, notice_url: lifecycle!.noticeUrl }));
  return { from: isoTime(from), to: isoTime(now), requests: Number(totals.requests), failed_requests: Number(totals.failed ?? 0), deprecated_models: deprecated };
}
