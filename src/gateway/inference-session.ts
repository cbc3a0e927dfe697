import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CachedKey } from '../auth/key-cache.js';
import { priceUsage } from '../billing/price-usage.js';
import { effectiveMaxOutputTokens } from '../billing/worst-case-cost.js';
import type { CatalogueModel, ModelKind, ProviderType } from '../config/catalogue-types.js';
import { formatUsd } from '../core/money.js';
import { GatewayError, isGatewayError } from '../core/errors.js';
import { isJsonObject } from '../core/json.js';
import type { IrUsage } from '../protocol/ir/index.js';
import { zodIssueToError } from '../protocol/openai/format-zod-issue.js';
import type { CallSignal, Provider, WireFormat } from '../providers/provider.js';

/** Client formats a provider may be handed unchanged (the same names as its wire formats). */
const PASSTHROUGH_FORMATS: readonly WireFormat[] = ['openai-chat', 'openai-completions', 'openai-embeddings', 'anthropic-messages'];
import { RoutedProvider } from './dispatch/routed-provider.js';
import type { ReshapedRequest, UpstreamAttempt } from './dispatch/upstream-attempt.js';
import type { GatewayDeps } from './gateway-deps.js';
import type { RelayContext } from './relay/relay-context.js';
import { readEndUser, readRequestTags } from './request-attribution.js';
import { RequestRecord, type Endpoint } from './request-record.js';
import { RequestSignal } from './request-signal.js';
import type { Target } from './resolve-target.js';
import { authenticate } from './authenticate.js';
import { resolveModel, type ModelResolution } from './semantics/resolve-model.js';
import type { ParamFormat } from './semantics/param-dialects.js';
import { shapeParams } from './semantics/shape-params.js';

/** One inference request in progress: its key, record, cancellation and helpers. */
export interface InferenceSession {
  readonly key: CachedKey;
  readonly record: RequestRecord;
  /** Aborted when the client goes away. */
  readonly signal: CallSignal;
  /** Headers every answer carries. */
  readonly headers: Record<string, string>;
  /** Validate the body against a wire schema (400 naming the field on failure). */
  parse<T extends z.ZodType>(schema: T): z.infer<T>;
  /** Resolve the model (aliases, modifiers, version, lifecycle, allowed lists) and note it on the record and headers. */
  resolve(name: string, kinds: readonly ModelKind[]): Target;
  /**
   * Shape the validated body for the resolved model (modifiers, dropped parameters, capability
   * checks, output limit); returns the body to send on. Call after `resolve`.
   */
  shape(format: ParamFormat, body: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** The effective output-token limit after shaping, or null (no limit on this endpoint, or not shaped). */
  readonly maxOutputTokens: number | null;
  /**
   * The `model` every answer reports: the catalogue id the request resolved to, with the version
   * when the request (or its alias) pinned one; never the upstream's internal name. Call after `resolve`.
   */
  readonly answerModel: string;
  /** Build the relay context for a resolved target. */
  relay(target: Target, estimatePromptTokens: () => Promise<number>): RelayContext;
}

/**
 * Run one inference request: authenticate, run the endpoint, and write exactly one request-log
 * entry whatever happens. Errors before the answer started propagate to the error handler (which
 * writes the envelope); relays handle errors after that themselves. `caller` is given only by the
 * console playground, which authenticated the person itself: its stand-in key replaces the
 * `sk-tf-` key and everything after (resolution, admission, relay, metering, the log) is the same.
 */
export async function runInference(
  deps: GatewayDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: Endpoint,
  handler: (session: InferenceSession) => Promise<void>,
  caller?: CachedKey,
): Promise<void> {
  const record = new RequestRecord(request.id, endpoint, deps.now(), deps.now, deps.recordRequest, deps.activity, deps.durableFinish ?? null);
  if (deps.tracer) deps.tracer.start({ id: request.id, endpoint, method: request.method, route: request.routeOptions.url ?? '', headers: request.headers, body: request.body });
  const body = request.body;
  if (isJsonObject(body) && typeof body.model === 'string') record.modelRequested = body.model;
  record.user = readEndUser(body);
  record.tags = readRequestTags(body, request.headers);
  const signal = new RequestSignal((ms) => {
    record.upstreamWaitMs += ms;
  });
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) signal.abort(new GatewayError('GW_INVALID_REQUEST', 'client closed the request'));
  });
  try {
    const key = caller ?? (await authenticate(request.headers, deps.keys, deps.now()));
    record.key = key;
    // Answers finish their record durably before their last bytes (`sendJson`, the stream relays);
    // this is a no-op for them.
    await handler(new Session(deps, request, reply, key, record, signal));
    record.finish(200);
  } catch (error) {
    if (signal.aborted) {
      record.finish(499, 'client_closed_request');
      return;
    }
    record.finish(isGatewayError(error) ? error.status : 500, error);
    throw error;
  } finally {
    deps.router?.end(record.id, record.usage === null ? null : record.usage.input.total + record.usage.output.total);
  }
}

/** A class rather than an object of closures: one allocation per request instead of one per method. */
class Session implements InferenceSession {
  readonly headers: Record<string, string>;
  maxOutputTokens: number | null = null;
  answerModel = '';
  private resolution: ModelResolution | null = null;
  /** What `shape` was given and made, to shape the same request for a fallback model. */
  private shaping: { readonly format: ParamFormat; readonly input: Readonly<Record<string, unknown>>; readonly passthrough: boolean; readonly first: Readonly<Record<string, unknown>> } | null = null;

  constructor(
    private readonly deps: GatewayDeps,
    private readonly request: FastifyRequest,
    readonly reply: FastifyReply,
    readonly key: CachedKey,
    readonly record: RequestRecord,
    readonly signal: RequestSignal,
  ) {
    this.headers = { 'x-request-id': request.id };
  }

  parse<T extends z.ZodType>(schema: T): z.infer<T> {
    if (!isJsonObject(this.request.body)) {
      throw new GatewayError('GW_INVALID_REQUEST', 'The request body must be a JSON object.');
    }
    const result = schema.safeParse(this.request.body);
    if (!result.success) throw zodIssueToError(result.error);
    return result.data;
  }

  resolve(name: string, kinds: readonly ModelKind[]): Target {
    const { deps, key, record } = this;
    const resolution = resolveModel({ catalogue: deps.catalogue(), providers: deps.providers(), access: deps.modelAccess, key, name, kinds, now: deps.now(), router: deps.router });
    this.resolution = resolution;
    this.answerModel = resolution.answerModel;
    Object.assign(this.headers, resolution.headers);
    // Answers name the catalogue model; the name the upstream knows it by is here and in the log.
    this.headers['x-tf-upstream-model'] = resolution.target.version.upstreamModel;
    record.modelResolved = resolution.resolvedName;
    record.providerId = resolution.target.provider.id;
    this.headers['x-tf-provider'] = resolution.target.provider.id;
    return resolution.target;
  }

  shape(format: ParamFormat, body: Readonly<Record<string, unknown>>): Record<string, unknown> {
    const resolution = this.resolution;
    if (resolution === null) throw new GatewayError('GW_INTERNAL', 'shape() called before resolve()');
    const { model, provider } = resolution.target;
    const passthrough = (PASSTHROUGH_FORMATS as readonly string[]).includes(format) && provider.passthrough.has(format as WireFormat);
    const shaped = shapeParams(format, body, model, resolution.modifiers, provider.type, passthrough);
    this.shaping = { format, input: body, passthrough, first: shaped.body };
    Object.assign(this.headers, shaped.headers);
    if (shaped.ignored.length > 0) this.headers['x-tf-ignored-params'] = shaped.ignored.join(',');
    this.record.ignoredParams = shaped.ignored;
    this.maxOutputTokens = shaped.maxOutputTokens;
    return shaped.body;
  }

  relay(target: Target, estimatePromptTokens: () => Promise<number>): RelayContext {
    const { headers, reply, request, record } = this;
    const routed = target.provider instanceof RoutedProvider ? target.provider : null;
    if (routed !== null) this.observeRoute(target, holdPromptTokens(request));
    // --- metering (issue 4): hold the worst case before any upstream call; the providers in
    // deps wait for this admission, and deps.recordRequest settles it when the record finishes.
    this.deps.metering.admission.begin({
      requestId: this.record.id,
      key: this.key,
      model: target.model,
      promptTokens: holdPromptTokens(request),
      maxOutputTokens: routed === null ? (this.maxOutputTokens ?? effectiveMaxOutputTokens(request.body, target.model)) : this.holdOutputTokens(target, routed),
      ...(routed === null ? {} : { holdPricings: routed.candidatePricings }),
      setHeaders: (extra) => {
        Object.assign(headers, extra);
        reply.headers(extra);
      },
      onHeld: (holdNano) => {
        record.holdNano = holdNano;
      },
    });
    // --- end metering
    return new SessionRelay(this, target, estimatePromptTokens);
  }

  /** The model that answered: a fallback model is billed at its own price. */
  answeredModel: CatalogueModel | null = null;

  /** Learn from the router which deployment answered (headers, record, price) and keep its attempts. */
  private observeRoute(target: Target, promptTokens: number): void {
    const attempts: UpstreamAttempt[] = [];
    this.record.attempts = attempts;
    this.deps.router?.observe(this.record.id, {
      attempts,
      promptTokens,
      heldDeployment: null,
      heldTokens: 0,
      reshape: (model, upstream) => this.reshape(model, upstream),
      answered: (model, providerId, upstreamModel) => {
        this.answeredModel = model;
        this.headers['x-tf-provider'] = providerId;
        this.headers['x-tf-upstream-model'] = upstreamModel;
        this.record.providerId = providerId;
        if (model.id !== target.model.id) {
          this.headers['x-tf-fallback'] = target.model.id;
          this.record.modelResolved = model.id;
          // Answers name the model that served them; its own output limit is what the client got.
          this.answerModel = model.id;
          const shaped = this.reshape(model, null);
          if (shaped !== null) this.noteShaping(shaped.headers, shaped.ignored);
        }
      },
    });
  }

  /** The request shaped for another model (a fallback), or null when `shape` was not called. */
  private reshape(model: CatalogueModel, upstream: ProviderType | null): (ReshapedRequest & { readonly headers: Readonly<Record<string, string>>; readonly ignored: readonly string[] }) | null {
    const shaping = this.shaping;
    const resolution = this.resolution;
    if (shaping === null || resolution === null) return null;
    const shaped = shapeParams(shaping.format, shaping.input, model, resolution.modifiers, upstream ?? resolution.target.provider.type, shaping.passthrough);
    return { first: shaping.first, body: shaped.body, maxOutputTokens: shaped.maxOutputTokens, headers: shaped.headers, ignored: shaped.ignored };
  }

  /** Output tokens to hold for a routed request: the largest limit among the models that may answer. */
  private holdOutputTokens(target: Target, routed: RoutedProvider): number {
    let most = this.maxOutputTokens ?? effectiveMaxOutputTokens(this.request.body, target.model);
    for (const model of routed.candidateModels) {
      if (model === target.model) continue;
      try {
        const limit = this.reshape(model, null)?.maxOutputTokens ?? effectiveMaxOutputTokens(this.request.body, model);
        if (limit !== null && limit > most) most = limit;
      } catch {
        // A fallback that cannot serve this request is never tried.
      }
    }
    return most;
  }

  /** Say what the fallback's shaping did instead: its output-limit headers and the parameters it dropped. */
  private noteShaping(headers: Readonly<Record<string, string>>, ignored: readonly string[]): void {
    delete this.headers['x-tf-default-max-output-tokens'];
    delete this.headers['x-tf-max-output-tokens'];
    Object.assign(this.headers, headers);
    if (ignored.length > 0) this.headers['x-tf-ignored-params'] = ignored.join(',');
    else delete this.headers['x-tf-ignored-params'];
    this.record.ignoredParams = ignored;
  }
}

/** The relay context of a session and one resolved target. */
class SessionRelay implements RelayContext {
  readonly reply: FastifyReply;
  readonly record: RequestRecord;
  readonly provider: Provider;
  readonly signal: RequestSignal;
  readonly headers: Record<string, string>;
  private promptTokens: Promise<number> | null = null;

  constructor(
    private readonly session: Session,
    private readonly target: Target,
    private readonly estimate: () => Promise<number>,
  ) {
    this.reply = session.reply;
    this.record = session.record;
    this.provider = target.provider;
    this.signal = session.signal;
    this.headers = session.headers;
  }

  /** Read when the answer is written: a fallback model that answered names itself. */
  get answerModel(): string {
    return this.session.answerModel;
  }

  get bodyExtras(): Readonly<Record<string, unknown>> | null {
    return this.record.ignoredParams.length > 0 ? { tf: { ignored_params: this.record.ignoredParams } } : null;
  }

  estimatePromptTokens(): Promise<number> {
    return (this.promptTokens ??= this.estimate());
  }

  meter(usage: IrUsage, searchUnits = 0): string {
    const cost = priceUsage(usage, (this.session.answeredModel ?? this.target.model).pricing, searchUnits);
    this.record.setUsage(usage, cost);
    const text = formatUsd(cost);
    // A JSON answer also says its cost in a header: some clients drop unknown `usage` fields. A
    // stream's headers are long gone by now; its cost travels in the usage event.
    if (!this.reply.raw.headersSent) {
      this.headers['x-tf-cost'] = text;
      this.reply.header('x-tf-cost', text);
    }
    return text;
  }
}

/**
 * Prompt tokens to hold at admission, from the request's size: a third of its bytes. Tokenizers put
 * 3-4.5 bytes of typical text in a token, and tool schemas and framing in the body are billed as
 * prompt too, so this rarely falls short; it costs nothing, where running the tokenizer on every
 * request would cost milliseconds on long prompts and 65 MiB of tables. The real count settles it.
 */
function holdPromptTokens(request: FastifyRequest): number {
  const length = Number(request.headers['content-length']);
  const bytes = Number.isFinite(length) && length > 0 ? length : Buffer.byteLength(JSON.stringify(request.body ?? ''));
  return Math.ceil(bytes / 3);
}
