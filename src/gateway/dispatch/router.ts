import type { Catalogue, CatalogueModel, ModelVersion } from '../../config/catalogue-types.js';
import type { Provider } from '../../providers/provider.js';
import { CircuitBoard, type Health, type SharedCooldowns } from './circuit-board.js';
import { DeploymentLoad, type WindowCounts } from './deployment-load.js';
import { RoutedProvider, type RoutingRuntime } from './routed-provider.js';
import { buildRoutePlan } from './route-plan.js';
import type { RouteObserver } from './upstream-attempt.js';

/** Reads the cooldowns other processes published (Redis). */
export interface SharedCooldownReader {
  read(keys: readonly string[]): Promise<ReadonlyMap<string, number>>;
}

/** Where processes add up their per-minute deployment counts (Redis). */
export interface SharedLoadStore {
  /** Add this process's `pending` counts of the minute `windowStart`; resolve every process's totals of `keys`. */
  exchange(windowStart: number, pending: ReadonlyMap<string, WindowCounts>, keys: readonly string[]): Promise<ReadonlyMap<string, WindowCounts>>;
}

/** Options of a {@link Router}. */
export interface RouterOptions {
  readonly now: () => number;
  /** Uniform in [0, 1); Math.random by default. */
  readonly random?: () => number;
  /** Where cooldowns are shared with other processes (Redis); null: this process only. */
  readonly shared?: SharedCooldowns | null;
}

/**
 * The router of one process: circuits and load survive catalogue reloads; routed providers are
 * built once per catalogue (and provider map) and per model version, on first use.
 */
export class Router implements RoutingRuntime {
  readonly board: CircuitBoard;
  readonly load: DeploymentLoad;
  readonly now: () => number;
  readonly random: () => number;
  private readonly observers = new Map<string, RouteObserver>();
  private readonly built = new WeakMap<ReadonlyMap<string, Provider>, Map<string, Provider | null>>();

  constructor(options: RouterOptions) {
    this.now = options.now;
    this.random = options.random ?? Math.random;
    this.board = new CircuitBoard(options.now, options.shared ?? null);
    this.load = new DeploymentLoad(options.now);
  }

  /**
   * The provider serving `version` of `model`: a {@link RoutedProvider} when the model routes
   * (several deployments, a key pool, declared retries, fallbacks or cooldown), else null, and the
   * caller takes the plain provider exactly as before.
   */
  providerFor(catalogue: Catalogue, providers: ReadonlyMap<string, Provider>, model: CatalogueModel, version: ModelVersion): RoutedProvider | null {
    // The plain path (one deployment, one key, nothing declared): three reads, no allocation.
    if (model.routing === null && version.deployments.length === 1 && (catalogue.providers.get(version.providerId)?.apiKeys.length ?? 0) < 2) return null;
    let byVersion = this.built.get(providers);
    if (byVersion === undefined) {
      byVersion = new Map();
      this.built.set(providers, byVersion);
    }
    const id = `${model.id}@${version.version ?? ''}`;
    let routed = byVersion.get(id);
    if (routed === undefined) {
      const groups = buildRoutePlan(catalogue, providers, model, version);
      routed = groups.length === 0 ? null : new RoutedProvider(groups, this);
      byVersion.set(id, routed);
    }
    return routed as RoutedProvider | null;
  }

  /** Register what a request wants to learn from its attempts; call {@link end} when it finished. */
  observe(requestId: string, observer: RouteObserver): void {
    this.observers.set(requestId, observer);
  }

  observer(requestId: string): RouteObserver | undefined {
    return this.observers.get(requestId);
  }

  /**
   * The request finished: free its deployment slot, count the tokens it `used` (its usage; null when
   * none was metered) against the deployment's `tpm` instead of its estimate, and forget it.
   */
  end(requestId: string, used: number | null = null): void {
    const observer = this.observers.get(requestId);
    if (observer === undefined) return;
    this.observers.delete(requestId);
    if (observer.heldDeployment === null) return;
    this.load.release(observer.heldDeployment);
    if (used !== null) this.load.correct(observer.heldDeployment, observer.heldTokens, used);
  }

  /**
   * Apply the cooldowns other processes opened, every `intervalMs`, for the deployments and
   * credentials of the current catalogue. Returns a function that stops it.
   */
  shareCooldowns(reader: SharedCooldownReader, catalogue: () => Catalogue, intervalMs: number, onError: (error: unknown) => void): () => void {
    let keys: readonly string[] = [];
    let seen: Catalogue | null = null;
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      const current = catalogue();
      if (current !== seen) {
        seen = current;
        keys = cooldownKeys(current);
      }
      busy = true;
      reader
        .read(keys)
        .then((found) => {
          for (const [key, until] of found) this.board.applyShared(key, until);
        }, onError)
        .finally(() => (busy = false));
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * Share per-minute deployment counts (`rpm`, `tpm`) with the other processes every `intervalMs`:
   * publish what this process counted, read the totals. Returns a function that stops it.
   */
  shareLoad(store: SharedLoadStore, catalogue: () => Catalogue, intervalMs: number, onError: (error: unknown) => void): () => void {
    let busy = false;
    let keys: readonly string[] = [];
    let seen: Catalogue | null = null;
    const timer = setInterval(() => {
      if (busy) return;
      const current = catalogue();
      if (current !== seen) {
        seen = current;
        keys = limitedDeploymentKeys(current);
      }
      if (keys.length === 0) return;
      const { windowStart, counts } = this.load.drainPending();
      // Only deployments with their own limits are shared; the rest are counted for balancing only.
      for (const key of counts.keys()) if (!keys.includes(key)) counts.delete(key);
      busy = true;
      store
        .exchange(windowStart, counts, keys)
        .then((totals) => {
          for (const [key, total] of totals) this.load.applyShared(key, windowStart, total);
        }, onError)
        .finally(() => (busy = false));
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Health of a model's default version: its deployments' circuits (fallbacks not counted). */
  health(model: CatalogueModel): Health {
    const version = model.versions.find((v) => v.version === model.defaultVersion) ?? model.versions[0];
    return version === undefined ? 'unavailable' : this.board.health(version.deployments.map((d) => d.key));
  }
}

/** Circuit keys of every deployment and credential of a catalogue. */
function cooldownKeys(catalogue: Catalogue): string[] {
  const keys = new Set<string>();
  for (const model of catalogue.models.values()) for (const v of model.versions) for (const d of v.deployments) keys.add(d.key);
  for (const p of catalogue.providers.values()) {
    keys.add(`cred:${p.id}`);
    for (let i = 2; i <= p.apiKeys.length; i++) keys.add(`cred:${p.id}#${i}`);
  }
  return [...keys];
}

/** Keys of the deployments of a catalogue that declare their own `rpm` or `tpm`. */
function limitedDeploymentKeys(catalogue: Catalogue): string[] {
  const keys = new Set<string>();
  for (const model of catalogue.models.values()) for (const v of model.versions) for (const d of v.deployments) if (d.rpm !== null || d.tpm !== null) keys.add(d.key);
  return [...keys];
}
