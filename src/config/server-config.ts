import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadTracingConfig, type TracingConfig } from './tracing-config.js';

/** Settings of `tf-gateway serve`, from flags, then environment, then defaults. */
const serverConfigSchema = z.object({
  /** Catalogue file (YAML). */
  configPath: z.string().nullable(),
  /** Use the bundled demo catalogue and seed a demo organization, project, key and credit. */
  demo: z.boolean(),
  /** TCP port. */
  port: z.coerce.number().int().min(0).max(65535),
  /** Interface to bind; 127.0.0.1 unless told otherwise (the gateway holds credentials). */
  host: z.string().min(1),
  /** `sqlite:<path>` (default) or `postgres://...`. */
  databaseUrl: z.string().min(1),
  /** Optional Redis URL for multi-process limits and cache invalidation. */
  redisUrl: z.string().nullable(),
  /** Platform operator token for `/api` automation (secret). */
  adminToken: z.string().nullable(),
  /** pino level. */
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  /** Largest accepted request body, bytes. */
  bodyLimitBytes: z.coerce.number().int().min(1024),
  /** How often changed keys are re-read from the store, ms (bounds how fast a disabled key stops working). */
  keyRefreshMs: z.coerce.number().int().min(100),
  /** Key prefix in Redis, so deployments (or test runs) can share one Redis. */
  redisPrefix: z.string().min(1),
  /** How often balances and budgets in use are re-read, ms (bounds how late a top-up shows). */
  balanceRefreshMs: z.coerce.number().int().min(100),
  /** Pause between passes that settle usage events into ledger debits, ms. */
  settleIntervalMs: z.coerce.number().int().min(50),
  /** Usage records waiting to be written above which new requests get 503 (back-pressure). */
  maxPendingUsage: z.coerce.number().int().min(1),
  /** Longest admission waits on the database or Redis before answering 503, ms. */
  admissionTimeoutMs: z.coerce.number().int().min(50),
  /** Longest an answer waits for its request-log entry to be committed before its last bytes, ms; 0: no wait. */
  durableWaitMs: z.coerce.number().int().min(0),
  /** SMTP server for invite emails, `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...` (secret); null: links are only shown. */
  smtpUrl: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).nullable(),
  /** Sender of invite emails (`From` header). */
  smtpFrom: z.string().min(1),
  /** Public base URL of the console, for links in invites (e.g. `https://gateway.example.com`); null: `http://localhost:8080`. */
  publicUrl: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).nullable(),
  /** Provider of top-ups: `manual` (offline; the operator confirms) or `stripe` (Checkout + signed webhook). */
  paymentsProvider: z.enum(['manual', 'stripe']),
  /** Text of the manual payment page (bank details, reference rules); null: a default text. */
  manualPaymentInstructions: z.string().min(1).nullable(),
  /** Stripe API secret key (secret); required for `stripe`. */
  stripeSecretKey: z.string().min(1).nullable(),
  /** Stripe webhook endpoint signing secret, `whsec_...` (secret); required for `stripe`. */
  stripeWebhookSecret: z.string().min(1).nullable(),
  /** Another Stripe API base URL (tests, proxies); null: api.stripe.com. */
  stripeApiBase: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).nullable(),
  /** Pause between polls of the webhook delivery queue, ms; 0 runs no delivery worker in this process. */
  webhookPollMs: z.coerce.number().int().min(0),
  /**
   * Days a stored response (`/v1/responses` with `store`, `/v1/messages` threads) is kept: older ones
   * answer as unknown and are deleted by a periodic sweep; 0 keeps them for ever.
   */
  responseRetentionDays: z.coerce.number().int().min(0).max(36_500),
  /** Whether anyone may sign up (`false`: people join only through invites and the operator). */
  allowSignUp: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).transform((v) => v === 'true'),
  /** Whether webhooks may be delivered to loopback, private and link-local addresses (default: refused). */
  webhookAllowPrivateUrls: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).transform((v) => v === 'true'),
  /** Processes serving the port (node:cluster); 1 runs no cluster. `auto`: one per core. */
  workers: z.union([z.literal('auto').transform(() => availableParallelism()), z.coerce.number().int().min(1).max(256)], { error: "must be a whole number from 1 to 256, or 'auto'" }),
  /**
   * Listening sockets on the port (SO_REUSEPORT; Node 22.12+ on Linux, else 1): the process accepts
   * up to this many new connections per event-loop turn instead of one. null: the default, 4 where
   * Node can share the port (an explicit number where it cannot is logged as not applied).
   */
  listenSockets: z.coerce.number().int().min(1).max(64).nullable(),
  /** Whether `GET /metrics` (Prometheus) is served and request metrics are collected. */
  metrics: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).transform((v) => v === 'true'),
  /** Serve `/metrics` on this port only (not on the main port); null: on the main port. */
  metricsPort: z.coerce.number().int().min(0).max(65535).nullable(),
  /** Bearer token `/metrics` requires (secret); null: none. */
  metricsToken: z.string().min(1).nullable(),
  /** After SIGTERM, how long `/health/ready` answers 503 while requests are still served, before the listener closes, ms. */
  drainDelayMs: z.coerce.number().int().min(0).max(600_000),
  /**
   * Which peers may speak for the client through `X-Forwarded-For` / `-Proto` / `-Host` (Fastify's
   * `trustProxy`): `false` (none), `true` (any), a hop count, or addresses, CIDR ranges and the names
   * `loopback`, `linklocal`, `uniquelocal`. Decides the client address (sign-in throttle, audit) and
   * whether a request came over HTTPS (`Secure` session cookie).
   */
  trustProxy: z.string().transform(parseTrustProxy),
});

/** Validated, frozen settings of the server. */
export type ServerConfig = Readonly<z.infer<typeof serverConfigSchema>> & {
  /** OpenTelemetry tracing, from the standard `OTEL_*` variables (off unless an exporter is configured). */
  readonly tracing: TracingConfig;
};

/** Secret settings, never logged. */
export const SECRET_SETTINGS: readonly (keyof ServerConfig)[] = ['adminToken', 'smtpUrl', 'stripeSecretKey', 'stripeWebhookSecret', 'metricsToken'];

/** Flags of `serve`, for `--help`. */
export const SERVE_HELP = `Usage: tf-gateway serve [options]

Starts the gateway (/v1), the console API (/api) and the web console on one port.

Options (flag / environment variable, default):
  --config FILE      TF_CONFIG          catalogue file (YAML); required unless --demo
  --demo                                bundled demo catalogue on the simulator; seeds a demo org,
                                        project, key and credit on first start and prints the key
  --port N           TF_PORT            8080
  --host H           TF_HOST            127.0.0.1
  --database URL     TF_DATABASE_URL    sqlite:./data/tf-gateway.db  (or postgres://...)
  --redis URL        TF_REDIS_URL       none (limits and caches stay in the process)
  --workers N        TF_WORKERS         1  (processes on the one port, or 'auto': one per core;
                                        more than 1 needs PostgreSQL and --redis)
                     TF_LISTEN_SOCKETS  4  (listening sockets on the port; more accept a burst
                                        of new connections sooner; Linux only, else 1)
                     TF_ADMIN_TOKEN     platform-operator bearer token for /api
                     TF_LOG_LEVEL       info
                     TF_BODY_LIMIT      33554432 (bytes)
                     TF_KEY_REFRESH_MS  5000
                     TF_REDIS_PREFIX    tf:   (Redis key prefix)
                     TF_BALANCE_REFRESH_MS  5000  (balances and budgets re-read)
                     TF_SETTLE_INTERVAL_MS  1000  (usage settled into ledger debits)
                     TF_MAX_PENDING_USAGE   20000 (unwritten usage records before 503)
                     TF_ADMISSION_TIMEOUT_MS 2000 (admission waits before 503)
                     TF_DURABLE_WAIT_MS 2000 (an answer waits for its request-log commit
                                        before its last bytes; then it is sent anyway)
                     TF_SMTP_URL        none (smtp://user:pass@host:587 or smtps://...; invite emails)
                     TF_SMTP_FROM       tf-gateway <no-reply@localhost>
                     TF_PUBLIC_URL      http://localhost:8080 (base of links in invites and top-ups)
                     TF_PAYMENTS_PROVIDER  manual (or stripe)
                     TF_MANUAL_PAYMENT_INSTRUCTIONS  default text (shown on manual top-up pages)
                     TF_STRIPE_SECRET_KEY, TF_STRIPE_WEBHOOK_SECRET  required for stripe
                     TF_STRIPE_API_BASE https://api.stripe.com (another Stripe API host)
                     TF_WEBHOOK_POLL_MS 500  (webhook delivery queue polled; 0: no worker here)
                     TF_WEBHOOK_ALLOW_PRIVATE_URLS false  (true: deliver to loopback/private addresses)
                     TF_RESPONSE_RETENTION_DAYS 30  (stored responses and message threads
                                        older than this expire and are deleted; 0: kept for ever)
                     TF_ALLOW_SIGN_UP   true  (false: people join only by invite or the operator)
                     TF_METRICS         true  (false: no /metrics and no request metrics)
                     TF_METRICS_PORT    none  (serve /metrics on this port instead of the main one)
                     TF_METRICS_TOKEN   none  (/metrics then requires Authorization: Bearer <token>)
                     TF_DRAIN_DELAY_MS  0     (after SIGTERM: /health/ready answers 503 this long
                                        while requests are still served, then drain and exit)
                     TF_TRUST_PROXY     false (true, a hop count, or addresses/CIDRs/loopback
                                        whose X-Forwarded-For/-Proto are believed)
                     OTEL_*             tracing off unless OTEL_TRACES_EXPORTER or an
                                        OTEL_EXPORTER_OTLP_*ENDPOINT is set (docs/operations.md)
  -h, --help`;

/** Parse `serve` flags and the environment into a config; throws one error listing every problem. */
export function loadServerConfig(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ServerConfig {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      config: { type: 'string' },
      demo: { type: 'boolean' },
      port: { type: 'string' },
      host: { type: 'string' },
      database: { type: 'string' },
      redis: { type: 'string' },
      workers: { type: 'string' },
    },
    strict: true,
  });
  const result = serverConfigSchema.safeParse({
    configPath: values.config ?? env.TF_CONFIG ?? null,
    demo: values.demo ?? false,
    port: values.port ?? env.TF_PORT ?? 8080,
    host: values.host ?? env.TF_HOST ?? '127.0.0.1',
    databaseUrl: values.database ?? env.TF_DATABASE_URL ?? 'sqlite:./data/tf-gateway.db',
    redisUrl: values.redis ?? env.TF_REDIS_URL ?? null,
    adminToken: env.TF_ADMIN_TOKEN ?? null,
    logLevel: env.TF_LOG_LEVEL ?? 'info',
    bodyLimitBytes: env.TF_BODY_LIMIT ?? 32 * 1024 * 1024,
    keyRefreshMs: env.TF_KEY_REFRESH_MS ?? 5000,
    redisPrefix: env.TF_REDIS_PREFIX ?? 'tf:',
    balanceRefreshMs: env.TF_BALANCE_REFRESH_MS ?? 5000,
    settleIntervalMs: env.TF_SETTLE_INTERVAL_MS ?? 1000,
    maxPendingUsage: env.TF_MAX_PENDING_USAGE ?? 20_000,
    admissionTimeoutMs: env.TF_ADMISSION_TIMEOUT_MS ?? 2000,
    durableWaitMs: env.TF_DURABLE_WAIT_MS ?? 2000,
    smtpUrl: env.TF_SMTP_URL ?? null,
    smtpFrom: env.TF_SMTP_FROM ?? 'tf-gateway <no-reply@localhost>',
    publicUrl: env.TF_PUBLIC_URL ?? null,
    paymentsProvider: env.TF_PAYMENTS_PROVIDER ?? 'manual',
    manualPaymentInstructions: env.TF_MANUAL_PAYMENT_INSTRUCTIONS ?? null,
    stripeSecretKey: env.TF_STRIPE_SECRET_KEY ?? null,
    stripeWebhookSecret: env.TF_STRIPE_WEBHOOK_SECRET ?? null,
    stripeApiBase: env.TF_STRIPE_API_BASE ?? null,
    webhookPollMs: env.TF_WEBHOOK_POLL_MS ?? 500,
    webhookAllowPrivateUrls: env.TF_WEBHOOK_ALLOW_PRIVATE_URLS ?? 'false',
    responseRetentionDays: env.TF_RESPONSE_RETENTION_DAYS ?? 30,
    allowSignUp: env.TF_ALLOW_SIGN_UP ?? 'true',
    workers: values.workers ?? env.TF_WORKERS ?? 1,
    listenSockets: env.TF_LISTEN_SOCKETS ?? null,
    metrics: env.TF_METRICS ?? 'true',
    metricsPort: env.TF_METRICS_PORT ?? null,
    metricsToken: env.TF_METRICS_TOKEN ?? null,
    drainDelayMs: env.TF_DRAIN_DELAY_MS ?? 0,
    trustProxy: env.TF_TRUST_PROXY ?? 'false',
  });
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (result.data.paymentsProvider === 'stripe' && (result.data.stripeSecretKey === null || result.data.stripeWebhookSecret === null)) {
    throw new Error('Invalid configuration:\n  TF_PAYMENTS_PROVIDER=stripe needs TF_STRIPE_SECRET_KEY and TF_STRIPE_WEBHOOK_SECRET.');
  }
  if (result.data.configPath === null && !result.data.demo) {
    throw new Error('No catalogue: pass --config FILE (or TF_CONFIG), or --demo for the bundled demo catalogue.');
  }
  if (result.data.workers > 1) checkWorkersAllowed(result.data.workers, result.data.databaseUrl, result.data.redisUrl);
  return Object.freeze({ ...result.data, tracing: loadTracingConfig(env) });
}

/** Fastify's `trustProxy` setting: nobody, everybody, a hop count, or a list of addresses. */
export type TrustProxy = boolean | number | readonly string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Parse `TF_TRUST_PROXY`; an entry that is not an address, a CIDR range or a named range is refused. */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim()).filter((e) => e !== '');
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || rest.length > 0) {
      ctx.addIssue({ code: 'custom', message: `'${entry}' is not an address, a CIDR range, or loopback/linklocal/uniquelocal (or use true, false, a hop count)` });
      return z.NEVER;
    }
  }
  return entries;
}

/**
 * Several processes on one port keep every rule only with state they all share: holds and rate
 * windows in Redis (without it each process would hold money against the whole balance on its
 * own), and a database every process may write at once. SQLite has one writer at a time: each
 * process would run its own billing thread (request-log batches and settlement passes), and their
 * main threads' own synchronous writes (console changes, stored responses, webhook claims) would
 * wait for the file lock with the event loop stopped, the stall the billing thread exists to avoid;
 * Kysely's migrator also takes no lock on SQLite. One process with its billing thread is the
 * SQLite configuration; more cores need PostgreSQL.
 */
function checkWorkersAllowed(workers: number, databaseUrl: string, redisUrl: string | null): void {
  const problems: string[] = [];
  if (!databaseUrl.startsWith('postgres://') && !databaseUrl.startsWith('postgresql://')) {
    problems.push('  --workers needs PostgreSQL (--database postgres://...): SQLite allows one writer at a time, so one process (with its billing thread) is the SQLite setup.');
  }
  if (redisUrl === null) {
    problems.push('  --workers needs Redis (--redis redis://...): holds, balances in flight and rate limits must be shared by every process, or each would admit against the whole balance.');
  }
  if (problems.length > 0) throw new Error(`Cannot run ${workers} workers:\n${problems.join('\n')}`);
}
