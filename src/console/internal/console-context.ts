import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SignInThrottle } from '../../auth/sign-in-throttle.js';
import type { BalanceAlertMailer } from '../../billing/balance-alert-mailer.js';
import type { Catalogue, CatalogueModel, ModelLifecycle, ModelPricing } from '../../config/catalogue-types.js';

/** Serving: every deployment of the model's default version takes traffic; degraded: some cool down after upstream failures; unavailable: all do. */
export type ModelHealth = 'serving' | 'degraded' | 'unavailable';
import type { PaymentSettings } from '../../payments/create-payment-provider.js';
import type { Database } from '../../store/schema.js';
import type { PaymentsRuntime } from '../payments/payments-runtime.js';

/** An invite message to deliver (by SMTP when configured). */
export interface InviteEmail {
  /** Recipient. */
  readonly email: string;
  /** Organization name, for the text. */
  readonly orgName: string;
  /** Link with which the person joins and sets a password. */
  readonly url: string;
}

/**
 * Answers a console playground chat request through the gateway's own `/v1/chat/completions` path
 * (admission, limits, hold, billing, request log), for a person the console has authorized in a
 * project. The composition root wires the gateway's implementation; the console never imports it.
 */
export type PlaygroundChat = (
  request: FastifyRequest,
  reply: FastifyReply,
  caller: { readonly orgId: string; readonly projectId: string; readonly userId: string },
) => Promise<void>;

/** What `registerConsole` needs from the composition root. */
export interface ConsoleDeps {
  /** The store (SQLite or PostgreSQL). */
  readonly db: Kysely<Database>;
  /** `TF_ADMIN_TOKEN`: the platform operator's bearer token, or null when not configured. */
  readonly adminToken: string | null;
  /** Clock, ms; defaults to `Date.now`. */
  readonly now?: () => number;
  /** Always mark cookies `Secure` (default: when `publicUrl` is https; a request over HTTPS gets it anyway). */
  readonly secureCookies?: boolean;
  /** Public base URL of the console, for invite links (default `http://localhost:8080`). */
  readonly publicUrl?: string;
  /** Catalogue model ids, to validate allowed models and alias targets; absent: not checked. */
  readonly modelIds?: () => ReadonlySet<string>;
  /** A catalogue model's current prices, to explain a logged request's cost; absent: not explained. */
  readonly modelPricing?: (modelId: string) => ModelPricing | null;
  /** The live catalogue, for `GET /orgs/:orgId/models`; absent: no models are listed. */
  readonly catalogue?: () => Catalogue;
  /** Whether a model's deployments take traffic now (the gateway's cooldown circuits); absent: every model is `serving`. */
  readonly modelHealth?: (model: CatalogueModel) => ModelHealth;
  /** The playground's way into the gateway; absent (no gateway in this process): the playground answers 503. */
  readonly playgroundChat?: PlaygroundChat;
  /** A catalogue model's deprecation dates and replacement (null: not deprecated); absent: none reported. */
  readonly modelLifecycle?: (modelId: string) => ModelLifecycle | null;
  /** Deliver an invite by email; absent: the link is only shown to the inviter. */
  readonly sendInviteEmail?: (message: InviteEmail) => Promise<void>;
  /** Largest accepted body, bytes (default 64 KiB). */
  readonly bodyLimitBytes?: number;
  /** Session lifetime, ms (default 14 days). */
  readonly sessionTtlMs?: number;
  /** Whether anyone may sign up (default true); when false people join by invite or the operator's CLI. */
  readonly allowSignUp?: boolean;
  /** Top-up provider settings (default: the offline `manual` provider). */
  readonly payments?: PaymentSettings;
  /** Money held for an organization's requests in flight (the metering store), nano-USD; absent: 0. */
  readonly orgHeldNano?: (orgId: string) => Promise<bigint>;
  /** Emails balance alerts (SMTP configured); absent: console notifications and webhooks only. */
  readonly balanceAlertMailer?: BalanceAlertMailer;
  /** Tells this process's gateway that settings admission caches changed; absent: no gateway here. */
  readonly settingsChanged?: SettingsChanged;
}

/**
 * Forget what this process's admission cached about a project's limits or a key's budget, so a
 * change made in the console (a project blocked with tpm 0, a budget cut) holds from the next
 * request here instead of after the cache's refresh; other processes see it within their TTL.
 */
export interface SettingsChanged {
  projectLimits(projectId: string): void;
  keyBudget(keyId: string): void;
}

/** The console's runtime, built once by `registerConsole` and handed to every route. */
export interface ConsoleContext {
  /** The store. */
  readonly db: Kysely<Database>;
  /** Clock, ms. */
  readonly now: () => number;
  /** SHA-256 of the operator token, or null. */
  readonly adminTokenHash: string | null;
  /** Whether every session cookie is `Secure` (else only those set on a request over HTTPS). */
  readonly secureCookies: boolean;
  /** Public base URL for links. */
  readonly publicUrl: string;
  /** Catalogue model ids, or null when unknown. */
  readonly modelIds: (() => ReadonlySet<string>) | null;
  /** A catalogue model's current prices, or null when no catalogue is loaded here. */
  readonly modelPricing: ((modelId: string) => ModelPricing | null) | null;
  /** The live catalogue, or null when no gateway runs here. */
  readonly catalogue: (() => Catalogue) | null;
  /** A model's health from the gateway's circuits, or null when no gateway runs here (every model `serving`). */
  readonly modelHealth: ((model: CatalogueModel) => ModelHealth) | null;
  /** The playground's way into the gateway, or null. */
  readonly playgroundChat: PlaygroundChat | null;
  /** Deprecation dates of a catalogue model, or null when not configured. */
  readonly modelLifecycle: ((modelId: string) => ModelLifecycle | null) | null;
  /** Invite mailer, or null. */
  readonly sendInviteEmail: ((message: InviteEmail) => Promise<void>) | null;
  /** Failed sign-in counter. */
  readonly throttle: SignInThrottle;
  /** Session lifetime, ms. */
  readonly sessionTtlMs: number;
  /** Whether `POST /sign-up` is open. */
  readonly allowSignUp: boolean;
  /** Payment provider and its settings. */
  readonly payments: PaymentsRuntime;
  /** Money held for an organization's requests in flight, or null when no gateway runs here (holds count as 0). */
  readonly orgHeldNano: ((orgId: string) => Promise<bigint>) | null;
  /** Balance alert mailer, or null. */
  readonly balanceAlertMailer: BalanceAlertMailer | null;
  /** Invalidates this process's admission caches after a change (a no-op without a gateway). */
  readonly settingsChanged: SettingsChanged;
}
