import { z } from 'zod';
import { chatRequestSchema } from '../protocol/openai/chat-request-schema.js';
import { completionRequestSchema } from '../protocol/openai/completion-request-schema.js';
import { embeddingRequestSchema } from '../protocol/openai/embedding-request-schema.js';
import { CONSOLE_ROUTES } from './console-routes.js';
import type { ConsoleRoute } from './internal/route.js';

/** A JSON Schema object, as OpenAPI 3.1 embeds it. */
type JsonSchema = Record<string, unknown>;

/** Convert a Zod schema to JSON Schema describing what clients send (input side of transforms). */
function toSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const ERROR_SCHEMA = toSchema(
  z.object({ error: z.object({ code: z.string(), message: z.string(), param: z.string().nullable(), request_id: z.string() }) }),
);

/** Path and query parameters of a route, from its Zod objects. */
function parametersOf(route: ConsoleRoute): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [['path', route.schemas.params], ['query', route.schemas.query]] as const) {
    if (schema === undefined) continue;
    const json = toSchema(schema);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      out.push({ name, in: where, required: where === 'path' || (required.has(name) && property.default === undefined), schema: property });
    }
  }
  return out;
}

/** The OpenAPI operation of one console route. */
function operationOf(route: ConsoleRoute): JsonSchema {
  const responses: JsonSchema = {
    [String(route.status)]: route.status === 204 || route.schemas.response === undefined
      ? { description: 'Done.' }
      : { description: 'Success.', content: { 'application/json': { schema: toSchema(route.schemas.response) } } },
    default: { description: 'Error (console envelope).', content: { 'application/json': { schema: { $ref: '#/components/schemas/ConsoleError' } } } },
  };
  return {
    summary: route.summary,
    tags: [route.tag],
    ...(route.permission === null ? {} : { 'x-permission': route.permission }),
    security: route.auth === 'public' ? [] : [{ accessToken: [] }, { session: [] }],
    parameters: parametersOf(route),
    ...(route.schemas.body === undefined ? {} : { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.schemas.body) } } } }),
    responses,
  };
}

/** The inference API's operations, from the protocol's request schemas. */
function inferencePaths(): Record<string, JsonSchema> {
  const op = (summary: string, body: z.ZodType | null): JsonSchema => ({
    summary,
    tags: ['inference'],
    security: [{ inferenceKey: [] }],
    ...(body === null ? {} : { requestBody: { required: true, content: { 'application/json': { schema: toSchema(body) } } } }),
    responses: { 200: { description: 'OpenAI-compatible response (JSON, or SSE when `stream` is true).' }, default: { description: 'OpenAI error envelope (docs/errors.md).' } },
  });
  return {
    '/v1/chat/completions': { post: op('Create a chat completion.', chatRequestSchema) },
    '/v1/completions': { post: op('Create a text completion.', completionRequestSchema) },
    '/v1/embeddings': { post: op('Create embeddings.', embeddingRequestSchema) },
    '/v1/models': { get: op('List the models the key may call.', null) },
  };
}

/** Health checks and metrics for load balancers and Prometheus (docs/operations.md). */
function operationsPaths(): Record<string, JsonSchema> {
  const op = (summary: string, responses: JsonSchema, security: JsonSchema[] = []): JsonSchema => ({ summary, tags: ['operations'], security, responses });
  const status = (values: string[]) => ({ 'application/json': { schema: { type: 'object', properties: { status: { enum: values } }, required: ['status'] } } });
  const ready = { type: 'object', properties: { status: { enum: ['ready', 'not_ready', 'draining'] }, checks: { type: 'object', additionalProperties: { enum: ['ok', 'unavailable'] } } }, required: ['status', 'checks'] };
  return {
    '/health': { get: op('Liveness (kept for existing probes).', { 200: { description: 'The process answers.', content: status(['ok']) } }) },
    '/health/live': { get: op('Liveness: the process answers (also while draining).', { 200: { description: 'Live.', content: status(['ok']) } }) },
    '/health/ready': {
      get: op('Readiness: the store, Redis (when configured) and the catalogue are usable, and the process is not draining.', {
        200: { description: 'Ready.', content: { 'application/json': { schema: ready } } },
        503: { description: 'Not ready, or draining after SIGTERM.', content: { 'application/json': { schema: ready } } },
      }),
    },
    '/metrics': {
      get: op(
        'Prometheus metrics (text format 0.0.4); absent with TF_METRICS=false or TF_METRICS_PORT.',
        { 200: { description: 'Metrics.', content: { 'text/plain': { schema: { type: 'string' } } } }, 401: { description: 'Missing or wrong TF_METRICS_TOKEN.' } },
        [{}, { metricsToken: [] }],
      ),
    },
  };
}

/** Build the OpenAPI 3.1 document of `/api` and `/v1` from the route schemas (never by hand). */
export function buildOpenApiDocument(options: { readonly version?: string } = {}): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = { ...inferencePaths(), ...operationsPaths() } as Record<string, Record<string, JsonSchema>>;
  for (const route of CONSOLE_ROUTES) {
    const path = `/api${route.url.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] = { ...(paths[path] ?? {}), [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'tf-gateway', version: options.version ?? '0.1.0', description: 'Inference API (/v1) and console API (/api). See docs/console-api.md.' },
    paths,
    components: {
      schemas: { ConsoleError: ERROR_SCHEMA },
      securitySchemes: {
        inferenceKey: { type: 'http', scheme: 'bearer', description: 'An sk-tf- inference key (/v1 only).' },
        accessToken: { type: 'http', scheme: 'bearer', description: 'A tf_at_ access token or TF_ADMIN_TOKEN (/api only).' },
        session: { type: 'apiKey', in: 'cookie', name: 'tf_session', description: 'Console session; writes need X-Requested-With: XMLHttpRequest.' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'TF_METRICS_TOKEN, when set (/metrics only).' },
      },
    },
  };
}
