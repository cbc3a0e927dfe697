import type { CatalogueModel, ModelPricing } from '../../config/catalogue-types.js';
import { GatewayError, isGatewayError } from '../../core/errors.js';
import { isJsonObject, safeParseJson } from '../../core/json.js';
import type { IrStreamEvent } from '../../protocol/ir/index.js';
import { errorInBody, mapBodyError, upstreamStatusOf } from '../../providers/http/index.js';
import type { Provider, ProviderCallContext, RawForwardRequest, RawForwardResponse, WireFormat } from '../../providers/provider.js';
import { attemptSignal, sleep } from './attempt-signal.js';
import { classifyFailure, type FailureClass } from './classify-failure.js';
import type { CircuitBoard } from './circuit-board.js';
import type { DeploymentLoad } from './deployment-load.js';
import { awaitFirstEvent, awaitFirstSseEvent } from './first-chunk.js';
import { pickCandidate, pickLane } from './pick-candidate.js';
import { commonPassthrough, type Candidate, type CredentialLane, type RouteGroup } from './route-plan.js';
import { reshapeForwardBody, reshapeIrRequest } from './reshape-request.js';
import type { ReshapedRequest, RouteObserver } from './upstream-attempt.js';

/** Shared state and clock of every routed provider. */
export interface RoutingRuntime {
  readonly board: CircuitBoard;
  readonly load: DeploymentLoad;
  readonly now: () => number;
  readonly random: () => number;
  /** The observer a route registered for a request, if any. */
  observer(requestId: string): RouteObserver | undefined;
}

/** How long a credential refused with 401/403 stays out of rotation. */
const REFUSED_CREDENTIAL_MS = 10 * 60_000;

type Method = 'chat' | 'streamChat' | 'complete' | 'streamComplete' | 'embed' | 'rerank' | 'forward';
const METHODS: readonly Method[] = ['chat', 'streamChat', 'complete', 'streamComplete', 'embed', 'rerank', 'forward'];
/** One upstream call on `candidate` through `provider` (one of its credentials); `shaped` is set for a fallback model. */
type Call = (provider: Provider, candidate: Candidate, context: ProviderCallContext, model: CatalogueModel, shaped: ReshapedRequest | null) => Promise<unknown>;

/**
 * A provider standing for a model's deployments and fallbacks. Each call picks a deployment and a
 * credential, and on a retryable failure before the first byte (streams: before their first chunk)
 * tries again, then the fallback models, with backoff, `retry-after`, cooldown circuits and key
 * rotation. The request is rewritten to each deployment's upstream model name.
 */
export class RoutedProvider implements Provider {
  readonly id: string;
  readonly type: Provider['type'];
  readonly passthrough: ReadonlySet<WireFormat>;
  /** Prices of every model that may answer; admission holds the most expensive. */
  readonly candidatePricings: readonly ModelPricing[];
  /** The model asked for, then its fallbacks in order. */
  readonly candidateModels: readonly CatalogueModel[];
  private readonly firstUpstreamModel: string;
  private readonly firstModel: CatalogueModel;
  chat?: Provider['chat'];
  streamChat?: Provider['streamChat'];
  complete?: Provider['complete'];
  streamComplete?: Provider['streamComplete'];
  embed?: Provider['embed'];
  rerank?: Provider['rerank'];
  forward?: Provider['forward'];

  constructor(
    private readonly groups: readonly RouteGroup[],
    private readonly runtime: RoutingRuntime,
  ) {
    const primary = groups[0]!.candidates[0]!.lanes[0]!.provider;
    this.id = primary.id;
    this.type = primary.type;
    this.passthrough = commonPassthrough(groups);
    this.candidatePricings = groups.map((g) => g.model.pricing);
    this.candidateModels = groups.map((g) => g.model);
    this.firstUpstreamModel = groups[0]!.candidates[0]!.deployment.upstreamModel;
    this.firstModel = groups[0]!.model;
    const self = this as unknown as Record<Method, unknown>;
    for (const method of METHODS) {
      if (!groups[0]!.candidates.some((c) => c.lanes[0]!.provider[method] !== undefined)) continue;
      self[method] = method === 'forward'
        ? (request: RawForwardRequest, context: ProviderCallContext) => this.dispatch(context, (p, c, ctx, _model, shaped) => this.forwardTo(p, request, ctx, c, shaped))
        : (request: { readonly model: string }, context: ProviderCallContext) =>
            this.dispatch(context, (p, c, ctx, model, shaped) => {
              const name = c.deployment.upstreamModel;
              const sent = model === this.firstModel ? (request.model === name ? request : { ...request, model: name }) : reshapeIrRequest(request, name, shaped, model);
              return this.callIr(method, p, sent, ctx, c);
            });
    }
  }

  async close(): Promise<void> {
    // The plain providers are closed by whoever created them.
  }

  private async callIr(method: Method, provider: Provider, request: unknown, context: ProviderCallContext, candidate: Candidate): Promise<unknown> {
    const fn = provider[method] as ((r: unknown, c: ProviderCallContext) => Promise<unknown>) | undefined;
    if (fn === undefined) throw new GatewayError('GW_UPSTREAM_BAD_REQUEST', `The upstream ${provider.id} cannot serve this request.`);
    const result = await fn.call(provider, request, context);
    if (method !== 'streamChat' && method !== 'streamComplete') return result;
    return awaitFirstEvent(result as AsyncIterable<IrStreamEvent>, provider.id, candidate.firstTokenMs, (e) => (context.signal as ReturnType<typeof attemptSignal>).abort(e));
  }

  private async forwardTo(provider: Provider, request: RawForwardRequest, context: ProviderCallContext, candidate: Candidate, shaped: ReshapedRequest | null): Promise<RawForwardResponse> {
    if (provider.forward === undefined || !provider.passthrough.has(request.format)) throw new GatewayError('GW_UPSTREAM_BAD_REQUEST', `The upstream ${provider.id} cannot forward ${request.format}.`);
    const upstreamModel = candidate.deployment.upstreamModel;
    // The route wrote the first deployment's name for the first model; a fallback model is shaped
    // for itself, another deployment of the same model only needs its name.
    const body = shaped !== null ? reshapeForwardBody(request.body, shaped, upstreamModel) : upstreamModel === this.firstUpstreamModel ? request.body : withModel(request.body, upstreamModel);
    const res = await provider.forward({ ...request, body }, context);
    if (request.stream && res.body !== undefined) {
      // Until the first event reached the client, an error in it is a failed attempt like a 5xx.
      await awaitFirstSseEvent(res.body, provider.id, candidate.firstTokenMs, (e) => (context.signal as ReturnType<typeof attemptSignal>).abort(e));
    } else if (res.text !== undefined) {
      const envelope = errorInBody(res.text);
      if (envelope !== null) throw mapBodyError(provider.id, envelope);
    }
    return res;
  }

  /** The attempt loop: groups in order, attempts within a group, credentials within a deployment. */
  private async dispatch(context: ProviderCallContext, call: Call): Promise<never> {
    const { board, load, now } = this.runtime;
    const observer = this.runtime.observer(context.requestId);
    let lastError: unknown = null;
    let lastClass: FailureClass | null = null;
    let coolingUntil = Infinity;
    for (const group of this.groups) {
      if (group !== this.groups[0]) {
        if (lastClass === 'context_length' ? !group.contextLengthOnly : group.contextLengthOnly) continue;
      }
      let shaped: ReshapedRequest | null = null;
      if (group.model !== this.firstModel && observer !== undefined) {
        try {
          shaped = observer.reshape(group.model, group.candidates[0]!.lanes[0]!.provider.type);
        } catch (error) {
          // This fallback cannot serve the request (it lacks a capability the request uses).
          lastError ??= error;
          continue;
        }
      }
      const { routing } = group;
      const tokens = observer?.promptTokens ?? 0;
      const tried = new Set<string>();
      const refused = new Set<string>();
      let attemptsLeft = routing.retries + 1;
      let wait = 0;
      while (attemptsLeft > 0) {
        const candidate = pickCandidate(group.candidates, routing, tried, { board, load, random: this.runtime.random, now: now(), tokens });
        const lane = candidate === null ? null : pickLane(candidate, board, now(), refused);
        if (candidate === null || lane === null) {
          for (const c of group.candidates) coolingUntil = Math.min(coolingUntil, board.reopensAt(c.deployment.key) || Infinity);
          break;
        }
        if (tried.has(candidate.deployment.key)) await sleep(wait, context.signal);
        tried.add(candidate.deployment.key);
        const outcome = await this.attempt(group.model, candidate, lane, context, (p, c, ctx) => call(p, c, ctx, group.model, shaped), observer, tokens);
        if (outcome.ok) return outcome.value as never;
        lastError = outcome.error;
        lastClass = classifyFailure(outcome.error);
        if (context.signal.aborted || lastClass === 'final' || lastClass === 'context_length') {
          // Says nothing about the deployment's health.
          if (outcome.probe) board.abandonProbe(candidate.deployment.key);
          if (lastClass === 'context_length') break;
          throw outcome.error;
        }
        const status = isGatewayError(outcome.error) ? upstreamStatusOf(outcome.error) : null;
        const retryAfterMs = status?.retryAfterMs ?? null;
        const pooled = candidate.lanes.length > 1;
        if (pooled && (lastClass === 'credential' || lastClass === 'rate_limit')) {
          // Out of rotation: this key is refused or throttled; the next key may answer at once.
          board.open(lane.key, lastClass === 'credential' ? REFUSED_CREDENTIAL_MS : Math.max(retryAfterMs ?? 0, routing.cooldownMs));
          refused.add(lane.key);
          if (candidate.lanes.some((l) => !refused.has(l.key) && board.available(l.key))) {
            tried.delete(candidate.deployment.key);
            continue;
          }
        }
        board.fail(candidate.deployment.key, routing.cooldownFailures, routing.cooldownMs, outcome.probe);
        if (retryAfterMs !== null && retryAfterMs > routing.maxRetryAfterMs) board.open(candidate.deployment.key, retryAfterMs);
        attemptsLeft--;
        if (lastClass !== 'credential' && !routing.retryOn.has(lastClass)) break;
        const retryNumber = routing.retries + 1 - attemptsLeft;
        const backoff = Math.min(routing.maxBackoffMs, routing.backoffMs * 2 ** (retryNumber - 1)) * this.runtime.random();
        wait = retryAfterMs !== null && retryAfterMs <= routing.maxRetryAfterMs ? Math.max(retryAfterMs, backoff) : backoff;
      }
    }
    if (lastError !== null) throw lastError;
    const seconds = coolingUntil === Infinity ? 1 : Math.max(1, Math.ceil((coolingUntil - now()) / 1000));
    throw new GatewayError('GW_UPSTREAM_UNAVAILABLE', `Every deployment of '${this.groups[0]!.model.id}' is cooling down after upstream failures; retry in ${seconds}s.`, { retryAfterSeconds: seconds });
  }

  /** One upstream call on one deployment and credential, recorded and counted. */
  private async attempt(
    model: CatalogueModel,
    candidate: Candidate,
    lane: CredentialLane,
    context: ProviderCallContext,
    call: (provider: Provider, candidate: Candidate, context: ProviderCallContext) => Promise<unknown>,
    observer: RouteObserver | undefined,
    tokens: number,
  ): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown; probe: boolean }> {
    const { board, load, now } = this.runtime;
    const key = candidate.deployment.key;
    const probe = board.begin(key);
    load.take(key, tokens);
    const signal = attemptSignal(context.signal);
    const started = now();
    try {
      const value = await call(lane.provider, candidate, { ...context, signal });
      board.succeed(key);
      board.succeed(lane.key);
      observer?.attempts.push({ model: model.id, deployment: key, provider: lane.provider.id, status: 200, error: null, latencyMs: now() - started });
      if (observer !== undefined) {
        observer.heldDeployment = key;
        observer.heldTokens = tokens;
        observer.answered(model, lane.provider.id, candidate.deployment.upstreamModel);
      } else load.release(key, tokens);
      return { ok: true, value };
    } catch (error) {
      // A failed call used no tokens of the deployment's minute.
      load.release(key, tokens);
      const status = isGatewayError(error) ? (upstreamStatusOf(error)?.upstreamStatus ?? null) : null;
      const code = isGatewayError(error) ? error.wireCode : 'internal_error';
      observer?.attempts.push({ model: model.id, deployment: key, provider: lane.provider.id, status, error: code, latencyMs: now() - started });
      return { ok: false, error, probe };
    }
  }
}

/** `body` (JSON) with its `model` set to `name`; unchanged when it already is. */
function withModel(body: string, name: string): string {
  const parsed = safeParseJson(body);
  if (!parsed.ok || !isJsonObject(parsed.value) || parsed.value.model === name) return body;
  return JSON.stringify({ ...parsed.value, model: name });
}
