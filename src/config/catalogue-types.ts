/** Upstream kinds the catalogue can name; `providers/registry.ts` maps each to its adapter. */
export type ProviderType = 'openai' | 'anthropic' | 'sim';

/** Timeouts for calls to one upstream, in milliseconds. */
export interface UpstreamTimeouts {
  /** Opening the TCP/TLS connection. */
  readonly connectMs: number;
  /** From sending the request to receiving response headers (time to first byte). */
  readonly headersMs: number;
  /** Longest silence between two body chunks. */
  readonly idleMs: number;
  /** From sending the request to the first body chunk of a stream; routed models fail over after it. */
  readonly firstTokenMs: number;
}

/** One configured upstream server. */
export interface ProviderConfig {
  /** Catalogue id, referenced by model versions. */
  readonly id: string;
  readonly type: ProviderType;
  /** Base URL including any version segment (`http://127.0.0.1:8000/v1`); absent for `sim`. */
  readonly baseUrl: string | null;
  /** The secret read from the (first) environment variable named by `apiKeyEnv`, or null. */
  readonly apiKey: string | null;
  /** Every secret of the key pool, in `apiKeyEnv` order (set ones only); `apiKey` is the first. */
  readonly apiKeys: readonly string[];
  readonly timeouts: UpstreamTimeouts;
  /** Extra headers sent on every upstream call. */
  readonly headers: Readonly<Record<string, string>>;
  /** Most calls in flight at once, or null for no limit (the default). */
  readonly maxConnections: number | null;
  /** How long a call waits for a free connection once `maxConnections` are busy, ms. */
  readonly queueTimeoutMs: number;
}

/** What a model can do; requests asking for more are refused. */
export interface ModelCapabilities {
  readonly tools: boolean;
  readonly jsonObject: boolean;
  readonly jsonSchema: boolean;
  readonly vision: boolean;
  readonly streaming: boolean;
  /** Adjustable reasoning (effort or thinking budget). */
  readonly reasoning: boolean;
}

/** Prices in nano-USD per million units, converted once from the catalogue's decimal strings. */
export interface ModelPricing {
  /** Prompt tokens. */
  readonly input: bigint;
  /** Generated tokens (reasoning included unless `reasoning` is set). */
  readonly output: bigint;
  /** Prompt tokens read from cache; defaults to `input`. */
  readonly cachedInput: bigint | null;
  /** Prompt tokens written to cache; defaults to `input`. */
  readonly cacheWrite: bigint | null;
  /** Reasoning tokens; defaults to `output`. */
  readonly reasoning: bigint | null;
  /** Per rerank search unit (nano-USD per million units, like the others). */
  readonly searchUnit: bigint | null;
  /** The catalogue's decimal strings, for display (`/v1/models`). */
  readonly display: Readonly<Record<string, string>>;
}

/** One deployment of a model version: a provider, the upstream name, its traffic share and own limits. */
export interface ModelDeployment {
  /** Stable key of the deployment (`provider/upstreamModel`), naming it in logs and health state. */
  readonly key: string;
  readonly providerId: string;
  /** The model name sent upstream. */
  readonly upstreamModel: string;
  /** Share of traffic relative to the version's other deployments. */
  readonly weight: number;
  /** Requests per minute, tokens per minute and requests in flight this deployment takes; null: no limit. */
  readonly rpm: number | null;
  readonly tpm: number | null;
  readonly maxConcurrent: number | null;
}

/** A version of a model: which provider serves it under which upstream name. */
export interface ModelVersion {
  /** `YYYY-MM-DD`, or null for an unversioned model. */
  readonly version: string | null;
  /** The first deployment's provider (the only one, for a single deployment). */
  readonly providerId: string;
  /** The first deployment's upstream name. */
  readonly upstreamModel: string;
  /** Every deployment, at least one; the first is `providerId`/`upstreamModel`. */
  readonly deployments: readonly ModelDeployment[];
}

/** Failure classes that retries and fallbacks follow. */
export type RetryableFailure = 'connect' | 'timeout' | 'rate_limit' | 'server_error';

/** How a model keeps serving through upstream failures; see catalogues/README.md. */
export interface ModelRouting {
  /** `weighted`: random by weight; `least-in-flight`: fewest requests in flight per unit of weight. */
  readonly balance: 'weighted' | 'least-in-flight';
  /** Attempts after the first on this model's deployments. */
  readonly retries: number;
  readonly retryOn: ReadonlySet<RetryableFailure>;
  readonly backoffMs: number;
  readonly maxBackoffMs: number;
  /** Longest upstream `retry-after` waited for; longer ones move on at once. */
  readonly maxRetryAfterMs: number;
  /** Models tried in order after this one; `contextLengthOnly` ones only for prompts too long here. */
  readonly fallbacks: readonly { readonly model: string; readonly contextLengthOnly: boolean }[];
  /** Consecutive failures that open a deployment's circuit, and for how long (ms). */
  readonly cooldownFailures: number;
  readonly cooldownMs: number;
}

/** Deprecation and retirement dates of a model. */
export interface ModelLifecycle {
  /** When the deprecation was announced (ms since epoch). */
  readonly announcedAt: number;
  /** When the model stops serving (ms since epoch). */
  readonly sunsetAt: number;
  readonly noticeUrl: string | null;
  /** Model id that serves requests after the sunset. */
  readonly replacement: string | null;
}

/** Kinds of model, each served by its own endpoints. */
export type ModelKind = 'chat' | 'embedding' | 'completion' | 'rerank';

/** One model of the catalogue, validated and priced. */
export interface CatalogueModel {
  /** `<author>/<name>`. */
  readonly id: string;
  readonly kind: ModelKind;
  readonly displayName: string;
  /** Other names that resolve to this model (`gpt-4o-mini`). */
  readonly aliases: readonly string[];
  readonly contextLength: number;
  /** Ceiling on output tokens. */
  readonly maxOutputTokens: number;
  /** Applied when a request sets no limit. */
  readonly defaultMaxOutputTokens: number;
  readonly capabilities: ModelCapabilities;
  readonly pricing: ModelPricing;
  readonly rateLimit: { readonly rpm: number | null; readonly tpm: number | null };
  /** Versions, newest first; at least one. */
  readonly versions: readonly ModelVersion[];
  /** Retries, fallbacks and cooldown; null for a model served by one deployment that declares none. */
  readonly routing: ModelRouting | null;
  /** The version served when none is pinned; null for unversioned models. */
  readonly defaultVersion: string | null;
  readonly lifecycle: ModelLifecycle | null;
  /** Embedding models: whether `dimensions` may be set, and the native vector length. */
  readonly embedding: { readonly dimensions: number; readonly adjustableDimensions: boolean } | null;
  /** Unix seconds reported as `created` in listings. */
  readonly created: number;
}

/** The loaded catalogue: providers and models by id, aliases resolved to model ids. */
export interface Catalogue {
  /** The file it was loaded from. */
  readonly source: string;
  readonly providers: ReadonlyMap<string, ProviderConfig>;
  readonly models: ReadonlyMap<string, CatalogueModel>;
  /** Catalogue alias -> model id. */
  readonly aliases: ReadonlyMap<string, string>;
}

/** Lifecycle status of a model at a moment. */
export type ModelStatus = 'active' | 'deprecated' | 'retired';
