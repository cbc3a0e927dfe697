import { z } from 'zod';
import { isoTimeInput } from '../internal/wire.js';

/** Dimensions usage can be grouped by, besides `tag:<key>`. */
export const USAGE_DIMENSIONS = ['project', 'member', 'key', 'model', 'user'] as const;
/** One grouping dimension, or a tag key. */
export type UsageGroupBy = (typeof USAGE_DIMENSIONS)[number] | `tag:${string}`;

const groupBy = z
  .string()
  .regex(/^(project|member|key|model|user|tag:.{1,64})$/, 'Expected project, member, key, model, user or tag:<key>.')
  .transform((text) => text as UsageGroupBy);

/** Query of both usage routes. */
export const usageQuery = z.strictObject({
  /** Start (ISO 8601), rounded down to the hour; default: the start of the current UTC month. */
  from: isoTimeInput.optional(),
  /** End, exclusive (ISO 8601), rounded up to the hour; default: now. */
  to: isoTimeInput.optional(),
  /** Bucket size (UTC). */
  granularity: z.enum(['hour', 'day', 'month']).default('day'),
  /** One dimension to group by (also accepted as `groupBy`). */
  group_by: groupBy.optional(),
  /** Alias of `group_by`, as the issue spells it. */
  groupBy: groupBy.optional(),
  /** `json` (default) or `csv` (streamed, RFC 4180, header row). */
  format: z.enum(['json', 'csv']).default('json'),
});

/** A validated usage query. */
export type UsageQuery = z.output<typeof usageQuery>;

const measures = {
  requests: z.number(),
  input_tokens: z.number(),
  output_tokens: z.number(),
  cached_tokens: z.number(),
  reasoning_tokens: z.number(),
  cost_usd: z.string().describe('USD decimal string.'),
};

/** The usage report as sent. */
export const usageReportDto = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(['hour', 'day', 'month']),
  group_by: z.string().nullable(),
  data: z.array(z.object({ start: z.string(), group: z.string().nullable(), ...measures })),
  totals: z.object(measures),
});
