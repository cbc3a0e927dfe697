import { alertText, type BalanceAlertLevel, type BalanceCrossing } from './balance-alerts.js';

/** One balance alert email to one owner or billing admin. */
export interface BalanceAlertEmail {
  /** Recipient address. */
  readonly email: string;
  /** Recipient name. */
  readonly name: string;
  /** Organization concerned. */
  readonly orgId: string;
  /** Organization name. */
  readonly orgName: string;
  /** Which threshold was crossed. */
  readonly level: BalanceAlertLevel;
  /** Subject line. */
  readonly subject: string;
  /** Plain-text body. */
  readonly text: string;
}

/** Sends balance alert emails (SMTP when configured); rejects when a message cannot be sent. */
export type BalanceAlertMailer = (message: BalanceAlertEmail) => Promise<void>;

/**
 * Email each crossing to its recipients after the ledger write committed: in the background, one
 * message at a time, failures reported to `onError` and never thrown, so a slow or broken mail
 * server never delays or fails settlement. The console notification and the webhook event already
 * exist (written in the transaction). Returns the delivery, for tests and shutdown.
 */
export function mailBalanceCrossings(mailer: BalanceAlertMailer | null, crossings: readonly BalanceCrossing[], onError: (error: unknown) => void): Promise<void> {
  if (mailer === null || crossings.length === 0) return Promise.resolve();
  const messages = crossings.flatMap((c) => {
    const text = alertText(c);
    return c.recipients.map((r): BalanceAlertEmail => ({ email: r.email, name: r.name, orgId: c.orgId, orgName: c.orgName, level: c.level, subject: text.title, text: text.body }));
  });
  return (async () => {
    for (const message of messages) {
      try {
        await mailer(message);
      } catch (error) {
        onError(error);
      }
    }
  })();
}
