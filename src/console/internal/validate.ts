import type { z } from 'zod';
import { GatewayError } from '../../core/errors.js';

/** Parse one part of a request (params, query or body); the first problem becomes a 400 naming the field. */
export function validate<T extends z.ZodType>(schema: T, value: unknown, part: 'body' | 'query' | 'path'): z.output<T> {
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  const where = (field: string) => (part === 'body' ? field : `${part}.${field}`);
  if (issue.code === 'unrecognized_keys') {
    const field = [path, issue.keys[0]].filter((s) => s !== '' && s !== undefined).join('.');
    throw new GatewayError('CONSOLE_UNKNOWN_FIELD', `Unknown field '${field}' in the ${part}.`, { param: where(field) });
  }
  if (issue.code === 'invalid_type' && issue.input === undefined && path !== '') {
    throw new GatewayError('GW_MISSING_PARAMETER', `Missing required field '${path}' in the ${part}.`, { param: where(path) });
  }
  if (path === '') throw new GatewayError('GW_INVALID_REQUEST', `The ${part} is invalid: ${issue.message}`);
  throw new GatewayError('GW_INVALID_VALUE', `Invalid '${path}' in the ${part}: ${issue.message}`, { param: where(path) });
}
