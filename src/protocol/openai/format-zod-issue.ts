import type { z } from 'zod';
import { GatewayError } from '../../core/errors.js';

/** Render a Zod path as the `param` users read: `messages[2].content[1]`. */
export function formatParamPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** Turn the first Zod issue into a 400 GatewayError naming the field and what was expected. */
export function zodIssueToError(error: z.ZodError): GatewayError {
  const issue = error.issues[0];
  if (!issue) return new GatewayError('GW_INVALID_REQUEST', 'The request body is invalid');
  const param = formatParamPath(issue.path);
  const missing = issue.code === 'invalid_type' && issue.message.includes('received undefined');
  if (missing) {
    return new GatewayError('GW_MISSING_PARAMETER', `Missing required parameter: '${param}'.`, { param });
  }
  const message = issue.message.replace(/^Invalid input: /, '');
  return new GatewayError('GW_INVALID_VALUE', `Invalid value for '${param || 'body'}': ${message}.`, { param: param || null });
}
