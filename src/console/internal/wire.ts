import { z } from 'zod';
import { formatUsd, parseUsd } from '../../core/money.js';

/** A time on the wire: ISO 8601 UTC text. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** A nullable time on the wire. */
export function isoTimeOrNull(ms: number | null): string | null {
  return ms === null ? null : isoTime(ms);
}

/** Money on the wire: a USD decimal string with 9 decimals, or null. */
export function usdOrNull(nano: bigint | null): string | null {
  return nano === null ? null : formatUsd(nano);
}

/** A USD amount in a request body: a non-negative decimal string with at most 9 decimals. */
export const usdAmount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,9})?$/, 'Expected a USD decimal string such as "25.00".')
  .transform((text) => parseUsd(text)!);

/** An id in a path: our id shape, so garbage never reaches the store. */
export const idParam = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[0-9a-z]{1,40}$`), `Expected a ${prefix}_... id.`);

/** A time in a body: ISO 8601 text, or null. */
export const isoTimeInput = z.iso.datetime({ offset: true }).transform((text) => Date.parse(text));

/** Abilities of the caller on an object: action → allowed. */
export const abilitiesSchema = (actions: readonly [string, ...string[]]) =>
  z.object(Object.fromEntries(actions.map((a) => [a, z.boolean()]))).describe('What the caller may do on this object.');
