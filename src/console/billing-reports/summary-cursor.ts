import { z } from 'zod';
import type { SummaryPosition } from '../../billing/ledger-summary.js';
import { GatewayError } from '../../core/errors.js';
import { safeParseJson } from '../../core/json.js';

// The cursor is the last row's position (billing/ledger-summary.ts), as base64url JSON.
const positionSchema = z.union([
  z.strictObject({ source: z.literal('usage'), time: z.number().int().nonnegative(), projectId: z.string().max(200), model: z.string().max(500) }),
  z.strictObject({ source: z.literal('entry'), time: z.number().int().nonnegative(), id: z.string().regex(/^led_[0-9a-z]{1,40}$/) }),
]);

/** Encode a ledger-summary position as an opaque cursor. */
export function encodeSummaryCursor(position: SummaryPosition): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** Decode a cursor made by {@link encodeSummaryCursor}; 400 naming `cursor` otherwise. */
export function decodeSummaryCursor(text: string): SummaryPosition {
  const json = safeParseJson(Buffer.from(text, 'base64url').toString('utf8'));
  const parsed = positionSchema.safeParse(json.ok ? json.value : null);
  if (!parsed.success) throw new GatewayError('GW_INVALID_VALUE', 'The cursor is not valid; pass next_cursor from a previous page unchanged.', { param: 'cursor' });
  return parsed.data;
}
