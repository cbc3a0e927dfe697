import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.js';

const HEADER = `/**
 * Types of the gateway's HTTP API, generated from the document it serves at /openapi.json.
 * Do not edit: \`npm run api:types\` rewrites this file, and src/console/openapi-types.test.ts
 * fails when it no longer matches what the server generates.
 */

`;

describe('web/src/api/schema.gen.ts', () => {
  it("should match the types generated from the server's OpenAPI document", async () => {
    // The same document /openapi.json serves, built in-process from the route schemas.
    const ast = await openapiTS(buildOpenApiDocument() as unknown as OpenAPI3);
    // CI never writes snapshots: a stale file fails here until `npm run api:types` is run and committed.
    await expect(HEADER + astToString(ast)).toMatchFileSnapshot('../../web/src/api/schema.gen.ts');
  });
});
