import type Nodemailer from 'nodemailer';
import type { BalanceAlertMailer } from './balance-alert-mailer.js';

/** Where and as whom balance alerts are mailed (the same `TF_SMTP_URL` / `TF_SMTP_FROM` as invites). */
export interface SmtpBalanceAlertMailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://user:pass@host:465`; nodemailer query options allowed. */
  readonly url: string;
  /** `From` header. */
  readonly from: string;
  /** Console base URL, linked from the message. */
  readonly publicUrl: string;
}

// Mail is sent in the background, but a dead server must not pile up connections for minutes.
const DEFAULT_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

// nodemailer loads with the first alert sent, not at start-up: most gateways never mail one.
let loadedNodemailer: Promise<typeof Nodemailer> | undefined;

/** Build a {@link BalanceAlertMailer} over SMTP. */
export function createSmtpBalanceAlertMailer(options: SmtpBalanceAlertMailerOptions): BalanceAlertMailer {
  const url = new URL(options.url);
  for (const [name, ms] of Object.entries(DEFAULT_TIMEOUTS_MS)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  const base = options.publicUrl.replace(/\/+$/, '');
  let transport: Promise<Nodemailer.Transporter> | undefined;
  return async (message) => {
    transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(url.toString()));
    await (await transport).sendMail({
      from: options.from,
      to: message.email,
      subject: message.subject.replace(/\s+/g, ' '),
      text: `${message.text}\n\nConsole: ${base}/console/\n`,
    });
  };
}

function loadNodemailer(): Promise<typeof Nodemailer> {
  return (loadedNodemailer ??= import('nodemailer').then((module) => module.default));
}
