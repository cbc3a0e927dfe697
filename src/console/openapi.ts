import { z } from 'zod';
import { chatRequestSchema } from '../protocol/openai/chat-request-schema.js';
import { completionRequestSchema } from '../protocol/openai/completion-request-schema.js';
import { embeddingRequestSchema } from '../protocol/openai/embedding-request-schema.js';
import { countTokensRequestSchema, messagesRequestSchema } from '../protocol/anthropic-messages/request-schema.js';
import { responsesRequestSchema } from '../protocol/openai-responses/request-schema.js';
import { rerankRequestSchema } from '../protocol/rerank/request-schema.js';
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
  const op = (summary: string, body: z.ZodType | null, extra: JsonSchema = {}): JsonSchema => ({
    summary,
    tags: ['inference'],
    security: [{ inferenceKey: [] }],
    ...(body === null ? {} : { requestBody: { required: true, content: { 'application/json': { schema: toSchema(body) } } } }),
    responses: { 200: { description: 'OpenAI-compatible response (JSON, or SSE when `stream` is true).' }, default: { description: 'OpenAI error envelope (docs/errors.md).' } },
    ...extra,
  });
  const anthropic = (summary: string, body: z.ZodType): JsonSchema => ({
    ...op(summary, body),
    security: [{ inferenceKey: [] }, { anthropicKey: [] }],
    responses: { 200: { description: 'Anthropic Messages response (JSON, or SSE with `event:` lines when `stream` is true).' }, default: { description: 'Anthropic error envelope (docs/errors.md).' } },
  });
  const messages = anthropic('Create a message (Anthropic Messages API), for every model of the catalogue.', messagesRequestSchema());
  const countTokens = anthropic('Count the input tokens of a Messages request (estimated with the o200k tokenizer; not billed).', countTokensRequestSchema());
  const rerank = (shape: string) => op(`Rerank documents against a query (${shape}); billed per search unit or per token.`, rerankRequestSchema());
  const path = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } });
  return {
    '/v1/chat/completions': { post: op('Create a chat completion.', chatRequestSchema()) },
    '/v1/completions': { post: op('Create a text completion.', completionRequestSchema()) },
    '/v1/embeddings': { post: op('Create embeddings.', embeddingRequestSchema()) },
    '/v1/models': { get: op('List the models the key may call.', null) },
    '/v1/models/{model}': { get: op('One model the key may call (`author/name`, slash included).', null, { parameters: [path('model', 'Model id, e.g. openai/gpt-4o-mini.')] }) },
    '/v1/key': { get: op("The calling key's own record, limits and this month's usage (never billed).", null) },
    '/v1/messages': { post: messages },
    '/v1/messages/count_tokens': { post: countTokens },
    // The Anthropic SDK appends /v1/messages to its base URL; a base URL ending in /v1 lands here.
    '/v1/v1/messages': { post: { ...messages, summary: 'Same as POST /v1/messages (for an Anthropic SDK whose base URL ends in /v1).' } },
    '/v1/v1/messages/count_tokens': { post: { ...countTokens, summary: 'Same as POST /v1/messages/count_tokens (base URL ending in /v1).' } },
    '/v1/responses': { post: op('Create a response (OpenAI Responses API); stored by default.', responsesRequestSchema()) },
    '/v1/responses/{id}': { get: op('A stored response of this project.', null, { parameters: [path('id', 'Response id (resp_...).')] }) },
    '/v1/rerank': { post: rerank('Cohere v1 and Jina shapes') },
    '/v2/rerank': { post: rerank('Cohere v2 shape') },
  };
}

/** Pages for browsers and the Stripe webhook (when configured), served outside /api; listed so the document covers every route. */
function webPaths(stripeWebhook: boolean): Record<string, JsonSchema> {
  const html = (summary: string, extra: JsonSchema = {}): JsonSchema => ({
    summary,
    tags: ['web'],
    security: [],
    responses: { 200: { description: 'HTML page.', content: { 'text/html': { schema: { type: 'string' } } } } },
    ...extra,
  });
  return {
    '/': { get: html('Redirects to the web console (302 to /console/).', { responses: { 302: { description: 'Redirect to /console/.' } } }) },
    '/console': { get: html('The web console (single-page app).') },
    '/console/{path}': { get: html('The web console (`/console/` included): hashed assets (`/console/assets/...`), else the single-page app.', { parameters: [{ name: 'path', in: 'path', required: true, schema: { type: 'string' } }] }) },
    '/console/top-ups/{paymentId}': { get: html('The manual top-up page: amount, reference and payment instructions.', { parameters: [{ name: 'paymentId', in: 'path', required: true, schema: { type: 'string' } }] }) },
    ...(stripeWebhook ? { '/webhooks/stripe': {
      post: {
        summary: 'Stripe webhook (raw body, verified with Stripe-Signature); completes top-ups.',
        tags: ['web'],
        security: [],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { 200: { description: 'Accepted.' }, default: { description: 'Error (console envelope).', content: { 'application/json': { schema: { $ref: '#/components/schemas/ConsoleError' } } } } },
      },
    } } : {}),
    '/openapi.json': { get: { summary: 'This document.', tags: ['web'], security: [], responses: { 200: { description: 'OpenAPI 3.1.', content: { 'application/json': { schema: { type: 'object' } } } } } } },
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

/**
 * Build the OpenAPI 3.1 document of every served route (`/v1`, `/api`, operations, web pages) from
 * the route schemas (never by hand). `stripeWebhook: false` leaves out `/webhooks/stripe`, which is
 * served only when Stripe is configured.
 */
export function buildOpenApiDocument(options: { readonly version?: string; readonly stripeWebhook?: boolean } = {}): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = { ...inferencePaths(), ...operationsPaths(), ...webPaths(options.stripeWebhook ?? true) } as Record<string, Record<string, JsonSchema>>;
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
        anthropicKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An sk-tf- inference key as the Anthropic SDK sends it (/v1/messages).' },
        accessToken: { type: 'http', scheme: 'bearer', description: 'A tf_at_ access token or TF_ADMIN_TOKEN (/api only).' },
        session: { type: 'apiKey', in: 'cookie', name: 'tf_session', description: 'Console session; writes need X-Requested-With: XMLHttpRequest.' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'TF_METRICS_TOKEN, when set (/metrics only).' },
      },
    },
  };
}
