import type { SmtpBalanceAlertMailerOptions } from './smtp-balance-alert-mailer.js';
import type { SettlementProgress } from './usage-settler.js';

/** What the billing thread is started with. */
export interface BillingThreadData {
  /** The gateway's SQLite file. */
  readonly file: string;
  /** Column order of the request-log rows in `log` requests. */
  readonly logColumns: readonly string[];
  /** Column order of the usage-event rows in `log` requests. */
  readonly usageColumns: readonly string[];
}

/** Main thread → billing thread. Every request is answered with a `done` of the same id. */
export type BillingThreadRequest =
  /** Insert a batch of request-log rows and usage events in one transaction (idempotent by id). */
  | { readonly type: 'log'; readonly id: number; readonly logRows: readonly unknown[][]; readonly usageRows: readonly unknown[][] }
  /** Settle on this thread from now on; balance alerts are mailed over `smtp` (null: not mailed). */
  | { readonly type: 'settler'; readonly id: number; readonly smtp: SmtpBalanceAlertMailerOptions | null }
  /** Run a settlement pass, wait for alert emails, or settle what is left and close. `now` is the main thread's clock, ms. */
  | { readonly type: 'settle' | 'emails' | 'close'; readonly id: number; readonly now: number };

/** Billing thread → main thread. */
export type BillingThreadReply =
  /** Sent once, unasked, when the thread has loaded and opened its connections. */
  | { readonly type: 'ready' }
  | {
      readonly type: 'done';
      readonly id: number;
      readonly error: { readonly message: string; readonly code?: string } | null;
      /** The settler's progress after a `settle` or `close` request. */
      readonly progress?: SettlementProgress;
    }
  /** A settlement pass or an alert email failed (settlement goes on; the main thread logs it). */
  | { readonly type: 'error'; readonly what: string; readonly error: unknown };
