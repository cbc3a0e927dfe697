import { z } from 'zod';
import { GatewayError } from '../../core/errors.js';
import type { Cursor } from '../../store/keyset.js';

/** Query parameters every list accepts. */
export const pageQueryShape = {
  /** Items per page, 1-100 (default 20). */
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Items per page, 1-100 (default 20).'),
  /** Opaque cursor from the previous page's `next_cursor`. */
  cursor: z.string().max(200).optional().describe("Opaque cursor from the previous page's next_cursor."),
};

/** The list query schema with no filters. */
export const pageQuerySchema = z.strictObject(pageQueryShape);

/** One page as sent: the items and the cursor of the next page (null on the last page). */
export function pageEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), next_cursor: z.string().nullable() });
}

/** Page request handed to repositories: fetch `limit` rows after `after`. */
export interface PageRequest {
  /** Rows to fetch (one more than the page size, to know whether another page exists). */
  readonly limit: number;
  /** Start after this row, or null for the first page. */
  readonly after: Cursor | null;
}

/** Decode `?limit=&cursor=` into a repository page request (asks for one extra row). */
export function toPageRequest(query: { readonly limit: number; readonly cursor?: string | undefined }): PageRequest {
  return { limit: query.limit + 1, after: query.cursor === undefined ? null : decodeCursor(query.cursor) };
}

/** Build the page envelope from rows fetched with {@link toPageRequest}. */
export function toPage<Row extends { readonly id: string; readonly createdAt: number }, Item>(
  rows: readonly Row[],
  query: { readonly limit: number },
  present: (row: Row) => Item,
): { data: Item[]; next_cursor: string | null } {
  const kept = rows.slice(0, query.limit);
  const last = kept[kept.length - 1];
  return { data: kept.map(present), next_cursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}

/** Encode a cursor as opaque base64url text. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}.${cursor.id}`, 'utf8').toString('base64url');
}

/** Decode a cursor; 400 naming `cursor` when it is not one of ours. */
export function decodeCursor(text: string): Cursor {
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  const match = /^(\d{1,16})\.([a-z]{1,8}_[0-9a-z]{1,40})$/.exec(decoded);
  if (!match) throw new GatewayError('GW_INVALID_VALUE', 'The cursor is not valid; pass next_cursor from a previous page unchanged.', { param: 'cursor' });
  return { createdAt: Number(match[1]), id: match[2]! };
}
