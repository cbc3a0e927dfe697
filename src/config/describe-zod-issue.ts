import type { z } from 'zod';

/** Nouns for Zod's expected types, as a user of a YAML file would say them. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a mapping (key: value)',
  array: 'a list',
  record: 'a mapping (key: value)',
};

/** The YAML-level kind of a parsed value, for "got ..." in messages. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return String(value);
}

/**
 * Zod error map for catalogue files: short messages that read after a path
 * (`models[2].contextLength: must be a whole number, got the string "8k"`). Messages set on a schema
 * take precedence; anything not handled here falls back to Zod's own text.
 */
export function describeZodIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required';
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      return `must be ${expected}, got ${describeValue(issue.input)}`;
    }
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')} (got ${describeValue(issue.input)})`;
    case 'too_small':
      if (issue.origin === 'array') return issue.minimum === 1 ? 'must not be empty' : `must have at least ${issue.minimum} items`;
      if (issue.origin === 'string') return 'must not be empty';
      return issue.inclusive ? `must be at least ${issue.minimum}` : `must be greater than ${issue.minimum}`;
    case 'too_big':
      return issue.inclusive ? `must be at most ${issue.maximum}` : `must be less than ${issue.maximum}`;
    case 'invalid_key':
      // The key's own schema message (e.g. "must be an HTTP header name").
      return issue.issues[0]?.message ?? 'is not a valid key here';
    default:
      return undefined;
  }
}
