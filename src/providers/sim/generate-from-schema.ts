import { isJsonObject, type JsonObject } from '../../core/json.js';
import { clipText } from './generate-text.js';

/** Words of the user's message that string values are drawn from. */
export interface SchemaHints {
  /** The user's message (triggers stripped). */
  readonly text: string;
}

/** Nesting depth after which the generator gives up (recursive `$ref`s). */
const MAX_DEPTH = 8;

/** Property names that want a place name; filled with a capitalised word of the message. */
const PLACE_NAMES = new Set(['city', 'location', 'place', 'country', 'town', 'region', 'destination']);
/** Property names that want free text; filled with the (clipped) message. */
const TEXT_NAMES = new Set(['query', 'q', 'text', 'prompt', 'message', 'content', 'search', 'question', 'input']);

interface Walk {
  readonly root: JsonObject;
  readonly hints: SchemaHints;
  readonly depth: number;
}

/**
 * A JSON value valid against a (practical subset of) JSON Schema: objects get their required
 * properties (all properties when `required` is absent), strings come from the user's words,
 * numbers are 1 (moved into `minimum`/`maximum`), booleans true, enums their first value, arrays
 * `minItems` (at least 1) items, `anyOf`/`oneOf` their first branch, local `$ref`s resolved.
 */
export function generateFromSchema(schema: unknown, hints: SchemaHints): unknown {
  const root = isJsonObject(schema) ? schema : {};
  return generateValue(root, '', { root, hints, depth: 0 });
}

/** The value for one (sub)schema; `name` is the property it fills, for string heuristics. */
function generateValue(schema: JsonObject, name: string, walk: Walk): unknown {
  if (walk.depth > MAX_DEPTH) return null;
  const next: Walk = { ...walk, depth: walk.depth + 1 };
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (typeof schema.$ref === 'string') return generateValue(resolveRef(schema.$ref, walk.root), name, next);
  const branch = firstBranch(schema);
  if (branch !== null) return generateValue({ ...withoutBranches(schema), ...branch }, name, next);
  switch (pickType(schema)) {
    case 'object':
      return generateObject(schema, next);
    case 'array':
      return generateArray(schema, name, next);
    case 'string':
      return generateString(schema, name, walk.hints);
    case 'integer':
      return clampNumber(schema, true);
    case 'number':
      return clampNumber(schema, false);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** The schema's type: the first non-null of a type list, else inferred from its keywords. */
function pickType(schema: JsonObject): string {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null') ?? 'null';
  if (isJsonObject(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return 'null';
}

function generateObject(schema: JsonObject, walk: Walk): JsonObject {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((key): key is string => typeof key === 'string')
    : Object.keys(properties);
  const out: JsonObject = {};
  for (const key of required) {
    const property = properties[key];
    out[key] = generateValue(isJsonObject(property) ? property : {}, key, walk);
  }
  return out;
}

function generateArray(schema: JsonObject, name: string, walk: Walk): unknown[] {
  const items = isJsonObject(schema.items) ? schema.items : {};
  const count = typeof schema.minItems === 'number' && schema.minItems > 1 ? Math.min(schema.minItems, 16) : 1;
  return Array.from({ length: count }, () => generateValue(items, name, walk));
}

function generateString(schema: JsonObject, name: string, hints: SchemaHints): string {
  const value = formatExample(schema.format) ?? stringFromHints(name.toLowerCase(), hints);
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  return value.padEnd(min, 'x').slice(0, max);
}

/** Fixed examples for the common string formats. */
function formatExample(format: unknown): string | null {
  switch (format) {
    case 'date':
      return '2024-01-01';
    case 'date-time':
      return '2024-01-01T00:00:00Z';
    case 'time':
      return '00:00:00';
    case 'email':
      return 'user@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    default:
      return null;
  }
}

/** A string for a property: a place name, the message itself, or a word of it. */
function stringFromHints(name: string, hints: SchemaHints): string {
  const words = hints.text.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  if (PLACE_NAMES.has(name)) return pickProperNoun(hints.text) ?? 'Paris';
  if (TEXT_NAMES.has(name)) return clipText(hints.text, 80) || 'example';
  // The longest word is usually the most meaningful one of a short request.
  const longest = words.reduce((best, word) => (word.length > best.length ? word : best), '');
  return longest || 'example';
}

/** A capitalised word that does not start a sentence (so "What" in "What is ..." is skipped). */
function pickProperNoun(text: string): string | null {
  let fallback: string | null = null;
  for (const match of text.matchAll(/(^|[.!?]\s+|\s)(\p{Lu}[\p{L}-]*)/gu)) {
    const [, before = '', word = ''] = match;
    const sentenceStart = before === '' || /[.!?]/.test(before);
    if (!sentenceStart) return word;
    fallback ??= word;
  }
  return fallback;
}

function clampNumber(schema: JsonObject, integer: boolean): number {
  let value = 1;
  if (typeof schema.minimum === 'number' && value < schema.minimum) value = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) value = schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) value = schema.exclusiveMaximum - 1;
  return integer ? Math.ceil(value) : value;
}

function firstBranch(schema: JsonObject): JsonObject | null {
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && isJsonObject(list[0])) return list[0];
  }
  return null;
}

function withoutBranches(schema: JsonObject): JsonObject {
  const { anyOf: _anyOf, oneOf: _oneOf, allOf: _allOf, ...rest } = schema;
  return rest;
}

/** Resolve `#/a/b` against the root schema; anything else resolves to an empty schema. */
function resolveRef(ref: string, root: JsonObject): JsonObject {
  if (!ref.startsWith('#')) return {};
  let current: unknown = root;
  for (const segment of ref.slice(1).split('/').filter((s) => s !== '')) {
    const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    current = isJsonObject(current) ? current[key] : undefined;
  }
  return isJsonObject(current) ? current : {};
}
