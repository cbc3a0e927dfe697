import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { ANTHROPIC_SCHEMAS } from './anthropic-sdk.js';
import { EXTENSIONS } from './extensions.js';

type Schema = Record<string, unknown>;

/** OpenAI's answer schemas, extracted by scripts/extract-openai-schemas.mjs (version and commit inside). */
export const OPENAI_SPEC = JSON.parse(readFileSync(new URL('./schemas/openai-openapi.json', import.meta.url), 'utf8')) as {
  version: string;
  commit: string;
  schemas: Record<string, Schema>;
};

/**
 * The schemas made strict: an object may hold only the fields its schema declares (plus the
 * explicit EXTENSIONS), so a field we add by accident fails as surely as one we leave out.
 * `unevaluatedProperties: false` goes on every object schema except the parts of an `allOf`, which
 * are checked together by the schema that combines them.
 */
function strictSchemas(spec: 'openai' | 'anthropic', source: Record<string, Schema>): Record<string, Schema> {
  const schemas = structuredClone(source);
  for (const ext of EXTENSIONS.filter((e) => e.spec === spec)) {
    let node = schemas[ext.schema];
    for (const key of ext.path) node = node?.[key] as Schema | undefined;
    if (node === undefined) throw new Error(`extension target ${ext.schema}/${ext.path.join('/')} is not in the ${spec} schemas`);
    node.properties = { ...(node.properties as Schema | undefined), [ext.field]: ext.fieldSchema };
  }
  const partsOfAllOf = new Set<unknown>();
  const allOfRefs = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(collect);
    if (value === null || typeof value !== 'object') return;
    const node = value as Schema;
    if (Array.isArray(node.allOf)) {
      for (const part of node.allOf as Schema[]) {
        partsOfAllOf.add(part);
        if (typeof part.$ref === 'string') allOfRefs.add(part.$ref.replace('#/components/schemas/', ''));
      }
    }
    Object.values(node).forEach(collect);
  };
  collect(schemas);
  const tighten = (value: unknown, component: string | null): void => {
    if (Array.isArray(value)) return value.forEach((v) => tighten(v, null));
    if (value === null || typeof value !== 'object') return;
    const node = value as Schema;
    const isPart = partsOfAllOf.has(node) || (component !== null && allOfRefs.has(component));
    const objectLike = node.properties !== undefined || Array.isArray(node.allOf);
    if (objectLike && !isPart && node.additionalProperties === undefined && node.unevaluatedProperties === undefined) node.unevaluatedProperties = false;
    for (const [key, inner] of Object.entries(node)) if (key !== 'enum' && key !== 'const') tighten(inner, null);
  };
  for (const [name, schema] of Object.entries(schemas)) tighten(schema, name);
  return schemas;
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, logger: false });
ajv.addSchema({ $id: 'openai', components: { schemas: strictSchemas('openai', OPENAI_SPEC.schemas) } });
ajv.addSchema({ $id: 'anthropic', components: { schemas: strictSchemas('anthropic', ANTHROPIC_SCHEMAS) } });
const compiled = new Map<string, ValidateFunction>();

const SOURCES = { openai: OPENAI_SPEC.schemas, anthropic: ANTHROPIC_SCHEMAS } as const;

/**
 * For a union of event schemas told apart by `type` (`ResponseStreamEvent`, `RawMessageStreamEvent`),
 * the member whose `type` is the value's, so a mismatch is reported against that member alone
 * rather than against every branch. Otherwise the schema itself.
 */
function memberFor(spec: 'openai' | 'anthropic', schema: string, value: unknown): string {
  const union = SOURCES[spec][schema]?.anyOf;
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  if (!Array.isArray(union) || typeof type !== 'string') return schema;
  for (const branch of union as Schema[]) {
    const name = typeof branch.$ref === 'string' ? branch.$ref.replace('#/components/schemas/', '') : null;
    const typeSchema = name === null ? undefined : ((SOURCES[spec][name]?.properties as Schema | undefined)?.type as Schema | undefined);
    if (name !== null && Array.isArray(typeSchema?.enum) && typeSchema.enum.includes(type)) return name;
  }
  return schema;
}

/** Problems of `value` against an official schema (empty when it conforms), each as `path: message`. */
export function schemaProblems(spec: 'openai' | 'anthropic', union: string, value: unknown): string[] {
  const schema = memberFor(spec, union, value);
  const id = `${spec}#/components/schemas/${schema}`;
  let validate = compiled.get(id);
  if (validate === undefined) {
    validate = ajv.getSchema(id);
    if (validate === undefined) throw new Error(`no schema ${id}`);
    compiled.set(id, validate);
  }
  if (validate(value)) return [];
  // anyOf failures report every branch; the branch-specific lines are what explain the mismatch.
  return (validate.errors ?? []).filter((e) => e.keyword !== 'anyOf').map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params && 'unevaluatedProperty' in e.params ? ` '${String(e.params.unevaluatedProperty)}'` : ''}`);
}
