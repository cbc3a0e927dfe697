import type { FastifyReply } from 'fastify';
import { authorizeOrg, authorizeProject, type Actor } from '../../auth/authorize.js';
import { HOUR_MS } from '../../billing/usage-rollups.js';
import { GatewayError } from '../../core/errors.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { csvStream } from './csv.js';
import { buildUsageReport, presentUsageReport, usageCsvRecords } from './presenter.js';
import { readHourlyUsage, type UsageScope } from './rollup-query.js';
import type { UsageGroupBy, UsageQuery } from './schema.js';

/** Longest range one query may cover: bounds the answer (and the CSV) to a few thousand buckets per group. */
const MAX_RANGE_MS = 400 * 24 * HOUR_MS;

/** A project's usage from the hourly rollups (JSON, or a streamed CSV). */
export async function getProjectUsage(ctx: ConsoleContext, actor: Actor, reply: FastifyReply, projectId: string, query: UsageQuery) {
  const access = await authorizeProject(ctx.db, actor, projectId, 'project.usage.read');
  const groupBy = groupingOf(query);
  if (groupBy === 'project') throw new GatewayError('GW_INVALID_VALUE', "group_by 'project' needs the organization route.", { param: 'query.group_by' });
  return answer(ctx, reply, { orgId: access.orgId, projectId }, query, groupBy, projectId);
}

/** An organization's usage across every project, from the hourly rollups. */
export async function getOrgUsage(ctx: ConsoleContext, actor: Actor, reply: FastifyReply, orgId: string, query: UsageQuery) {
  await authorizeOrg(ctx.db, actor, orgId, 'org.usage.read');
  return answer(ctx, reply, { orgId, projectId: null }, query, groupingOf(query), orgId);
}

function groupingOf(query: UsageQuery): UsageGroupBy | null {
  if (query.group_by !== undefined && query.groupBy !== undefined && query.group_by !== query.groupBy) {
    throw new GatewayError('GW_INVALID_VALUE', 'group_by and groupBy disagree; send one.', { param: 'query.groupBy' });
  }
  return query.group_by ?? query.groupBy ?? null;
}

async function answer(ctx: ConsoleContext, reply: FastifyReply, scope: UsageScope, query: UsageQuery, groupBy: UsageGroupBy | null, name: string) {
  const now = ctx.now();
  const monthStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
  // Rollups are hourly: the range widens to whole hours, and the answer says which range it covers.
  const from = floorHour(query.from ?? monthStart);
  const to = ceilHour(query.to ?? now);
  if (to <= from) throw new GatewayError('GW_INVALID_VALUE', "'to' must be after 'from'.", { param: 'query.to' });
  if (to - from > MAX_RANGE_MS) throw new GatewayError('GW_INVALID_VALUE', 'The range may cover at most 400 days.', { param: 'query.from' });
  const hourly = await readHourlyUsage(ctx.db, scope, { from, to, bucketMs: query.granularity === 'hour' ? HOUR_MS : 24 * HOUR_MS }, groupBy);
  const report = buildUsageReport(hourly, from, to, query.granularity, groupBy);
  if (query.format === 'json') return presentUsageReport(report);
  void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="usage-${name}.csv"`);
  return csvStream(usageCsvRecords(report));
}

function floorHour(ms: number): number {
  return ms - (((ms % HOUR_MS) + HOUR_MS) % HOUR_MS);
}

function ceilHour(ms: number): number {
  const floored = floorHour(ms);
  return floored === ms ? ms : floored + HOUR_MS;
}
