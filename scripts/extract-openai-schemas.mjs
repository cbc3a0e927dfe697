#!/usr/bin/env node
// Extracts the answer schemas the gateway imitates from OpenAI's OpenAPI document into one JSON file
// for the conformance suite (test/conformance/), with the document's version and commit beside them.
// Usage: node scripts/extract-openai-schemas.mjs OPENAPI_YAML COMMIT > test/conformance/schemas/openai-openapi.json
// (the document: git -C <clone of github.com/openai/openai-openapi> show HEAD:openapi.yaml)
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const ROOTS = [
  'CreateChatCompletionResponse', 'CreateChatCompletionStreamResponse', 'CreateCompletionResponse', 'CreateEmbeddingResponse',
  'Response', 'ResponseStreamEvent', 'ListModelsResponse', 'Model', 'ErrorResponse',
];
const [file, commit] = process.argv.slice(2);
if (!file || !commit) {
  process.stderr.write('usage: node scripts/extract-openai-schemas.mjs OPENAPI_YAML COMMIT\n');
  process.exit(2);
}
const doc = parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 });
const all = doc.components.schemas;
const picked = {};
const queue = [...ROOTS];
while (queue.length > 0) {
  const name = queue.pop();
  if (picked[name] !== undefined) continue;
  if (all[name] === undefined) throw new Error(`no schema ${name}`);
  picked[name] = strip(all[name]);
  JSON.stringify(picked[name], (key, value) => {
    if (key === '$ref' && typeof value === 'string') queue.push(value.replace('#/components/schemas/', ''));
    return value;
  });
}

/** Documentation-only keys dropped (descriptions, examples, x-oai metadata) to keep the file small. */
function strip(value) {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'description' || key === 'example' || key === 'examples' || key === 'title' || key.startsWith('x-')) {
      // `properties` may name a field "description" or "title": keep those.
      if (typeof inner === 'string' || key.startsWith('x-') || key === 'example' || key === 'examples') continue;
    }
    if (key === 'nullable') continue;
    out[key] = strip(inner);
  }
  // OpenAPI 3.0's `nullable: true`, left in a few 3.1 schemas, is JSON Schema's "or null".
  return value.nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

const sorted = Object.fromEntries(Object.keys(picked).sort().map((k) => [k, picked[k]]));
process.stdout.write(`${JSON.stringify({ source: 'https://github.com/openai/openai-openapi openapi.yaml', version: doc.info.version, commit, roots: ROOTS, schemas: sorted }, null, 1)}\n`);
