import type Nodemailer from 'nodemailer';
import type { InviteEmail } from '../internal/console-context.js';

/** Where and as whom invite emails are sent. */
export interface SmtpInviteSenderOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://user:pass@host:465`; nodemailer query options allowed. */
  readonly url: string;
  /** `From` header, e.g. `tf-gateway <no-reply@example.com>`. */
  readonly from: string;
}

// The inviter's HTTP request waits for the mail; nodemailer's defaults (2 min to connect, 10 min idle) are far too long.
const DEFAULT_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

// nodemailer loads with the first invite sent, not at start-up.
let loadedNodemailer: Promise<typeof Nodemailer> | undefined;

/** Build a sender that mails invite links over SMTP; rejects when the server refuses or cannot be reached. */
export function createSmtpInviteSender(options: SmtpInviteSenderOptions): (message: InviteEmail) => Promise<void> {
  const url = withDefaultTimeouts(options.url);
  // One transport for the process, made on the first send; it opens a connection per message (no pool to close).
  let transport: Promise<Nodemailer.Transporter> | undefined;
  return async (message) => {
    transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(url));
    await (await transport).sendMail({
      from: options.from,
      to: message.email,
      subject: `You are invited to join ${oneLine(message.orgName)}`,
      text: inviteText(message),
      html: inviteHtml(message),
    });
  };
}

function inviteText(message: InviteEmail): string {
  return [
    `You have been invited to join the organization "${oneLine(message.orgName)}" on tf-gateway.`,
    '',
    'Open this link to accept the invitation (it works once):',
    message.url,
    '',
    'If you did not expect this invitation, you can ignore this email.',
    '',
  ].join('\n');
}

function inviteHtml(message: InviteEmail): string {
  const org = escapeHtml(oneLine(message.orgName));
  const url = escapeHtml(message.url);
  return [
    `<p>You have been invited to join the organization <strong>${org}</strong> on tf-gateway.</p>`,
    `<p><a href="${url}">Accept the invitation</a> (the link works once):<br>${url}</p>`,
    '<p>If you did not expect this invitation, you can ignore this email.</p>',
  ].join('\n');
}

// Timeouts go in as URL query options: nodemailer ignores other options next to a `url`; explicit ones in the URL win.
function withDefaultTimeouts(url: string): string {
  const parsed = new URL(url);
  for (const [name, ms] of Object.entries(DEFAULT_TIMEOUTS_MS)) {
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, String(ms));
  }
  return parsed.toString();
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loadNodemailer(): Promise<typeof Nodemailer> {
  return (loadedNodemailer ??= import('nodemailer').then((module) => module.default));
}
