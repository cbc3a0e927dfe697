/**
 * The seam between admission and the place where holds and rate windows live: process memory
 * (one gateway) or Redis (several). Every method is atomic with respect to every other caller, so
 * parallel requests, in one process or many, see each other's holds.
 *
 * An account is anything money is held against: an organization's balance or a key's or project's
 * budget. Its available amount is `base - unwritten - holds`, where `base` is what the database
 * said at the last sync (balance minus unsettled usage, or budget minus this month's spend),
 * `unwritten` is the cost of finished requests not yet confirmed in the database, and `holds` is
 * the worst-case cost of requests in flight.
 */

/** One account a request is checked and held against. */
export interface AccountHold {
  /** Store id such as `org:org_1`, `project:proj_1`, `key:key_1`. */
  readonly id: string;
  /** Worst-case cost held until the request finishes, nano-USD. */
  readonly holdNano: bigint;
  /** Whether admission requires `available > 0` (false for an unlimited budget: held, never refused). */
  readonly enforce: boolean;
}

/** One fixed-window counter a request is counted against (requests or tokens per minute). */
export interface WindowCount {
  /** Store id such as `rpm:project:proj_1`. */
  readonly id: string;
  /** Most units allowed per window. */
  readonly limit: number;
  /** Units this request takes (1 for requests; estimated tokens for tokens). */
  readonly units: number;
}

/** What {@link LimitStore.admit} checks and, when everything passes, records at once. */
export interface AdmissionPlan {
  readonly accounts: readonly AccountHold[];
  readonly windows: readonly WindowCount[];
  /** Current time, ms since epoch; fixes the window. */
  readonly nowMs: number;
  /** Window length, ms (60 000 for per-minute limits). */
  readonly windowMs: number;
}

/** A window's state after admission, for `x-ratelimit-*` headers. */
export interface WindowState {
  readonly id: string;
  readonly limit: number;
  /** Units used in the current window, this request included. */
  readonly used: number;
  /** When the window resets, ms since epoch. */
  readonly resetAtMs: number;
}

/** The outcome of {@link LimitStore.admit}; nothing is recorded unless `ok`. */
export type AdmissionOutcome =
  | { readonly ok: true; readonly windows: readonly WindowState[]; readonly windowStartMs: number }
  /** These accounts have never been synced; load their base and try again. */
  | { readonly ok: false; readonly reason: 'unknown_accounts'; readonly ids: readonly string[] }
  /** This account's available amount is zero or less. */
  | { readonly ok: false; readonly reason: 'exhausted'; readonly id: string }
  /** This window is full until `resetAtMs`. */
  | { readonly ok: false; readonly reason: 'rate_limited'; readonly window: WindowState };

/** How a finished request releases its holds and corrects its windows. */
export interface Settlement {
  /** Each account held at admission, with the real cost to record as unwritten spend. */
  readonly accounts: readonly { readonly id: string; readonly holdNano: bigint; readonly costNano: bigint }[];
  /** Window corrections: `delta` units (negative gives back) in the window admission used. */
  readonly windows: readonly { readonly id: string; readonly delta: number }[];
  /** Start of the window admission used. */
  readonly windowStartMs: number;
  readonly windowMs: number;
}

/** An account as stored (for the self-check and tests). */
export interface AccountState {
  readonly baseNano: bigint;
  readonly unwrittenNano: bigint;
  readonly holdsNano: bigint;
  /** Sync sequence the base came from. */
  readonly seq: number;
}

/** Holds, unwritten spend and rate windows, atomically; memory or Redis. */
export interface LimitStore {
  /** Check every account and window; if all pass, hold and count them, atomically. */
  admit(plan: AdmissionPlan): Promise<AdmissionOutcome>;
  /** Release holds, add real costs to unwritten spend, correct windows. */
  settle(settlement: Settlement): Promise<void>;
  /** A sequence number ordering database reads across every process sharing the store. */
  nextSyncSeq(): Promise<number>;
  /**
   * Record a base read from the database after {@link nextSyncSeq} returned `seq` (ignored when a
   * newer read is stored), and forget `confirmedNano` of this process's unwritten spend, which that
   * read already counted.
   */
  applySync(id: string, baseNano: bigint, seq: number, confirmedNano: bigint): Promise<void>;
  /** An account's state, or null when never synced. */
  read(id: string): Promise<AccountState | null>;
  /** Resolves when the store can be used now (readiness checks); rejects when it cannot. */
  ping(): Promise<void>;
  /** Release connections and timers. */
  close(): Promise<void>;
}
