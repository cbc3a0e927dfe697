import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, TEST_ADMIN_TOKEN, type TestPerson } from '../../testing/console-fixture.js';
import { readDemoCatalogue } from '../../testing/demo-catalogue.js';
import { describeEachDialect } from '../../testing/dialects.js';
import { refusedPort } from '../../testing/refused-port.js';
import { startTestGateway } from '../../testing/start-test-gateway.js';
import { createSmtpInviteSender } from './send-invite-email.js';

/** A message the fake SMTP server accepted. */
interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  /** Raw RFC 5322 message, quoted-printable soft breaks and escapes decoded. */
  readonly raw: string;
}

/** A real SMTP server (smtp-server) on 127.0.0.1, plain text, that keeps what it receives. */
interface FakeSmtp {
  readonly port: number;
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

async function startFakeSmtp(options: Partial<SMTPServerOptions> = {}): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          from: mailFrom === false ? '' : mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Body of the message's text/plain part. */
function plainText(raw: string): string {
  const match = /^Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/m.exec(raw);
  if (match === null) throw new Error(`No text/plain part in:\n${raw}`);
  return match[1]!;
}

describe('createSmtpInviteSender', () => {
  it('should mail the organization name and the link to the invitee', async () => {
    const smtp = await startFakeSmtp();
    try {
      const send = createSmtpInviteSender({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'tf-gateway <no-reply@example.test>' });
      const url = 'https://console.example.test/console/invite#tf_inv_0123456789abcdefghijklmnopqrstuvwxyz0123456789';
      await send({ email: 'ada@example.test', orgName: 'Analytical <Engines>', url });
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.from).toBe('no-reply@example.test');
      expect(mail.to).toEqual(['ada@example.test']);
      expect(mail.raw).toMatch(/^Subject: You are invited to join Analytical <Engines>\r?$/m);
      expect(plainText(mail.raw)).toContain('"Analytical <Engines>"');
      expect(plainText(mail.raw)).toContain(url);
      expect(mail.raw).toMatch(/^Content-Type: text\/html/m);
      expect(mail.raw).toContain(`<a href="${url}">`);
      expect(mail.raw).toContain('<strong>Analytical &#60;Engines&#62;</strong>');
    } finally {
      await smtp.close();
    }
  });

  it('should log in with the credentials in the URL', async () => {
    const logins: string[] = [];
    const smtp = await startFakeSmtp({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}|${auth.password}`);
        callback(null, { user: auth.username });
      },
    });
    try {
      const send = createSmtpInviteSender({ url: `smtp://mailer:p%40ss%3Aword@127.0.0.1:${smtp.port}`, from: 'no-reply@example.test' });
      await send({ email: 'bob@example.test', orgName: 'Org', url: 'https://console.example.test/console/invite#tf_inv_x' });
      expect(logins).toEqual(['mailer|p@ss:word']);
      expect(smtp.received.map((m) => m.to)).toEqual([['bob@example.test']]);
    } finally {
      await smtp.close();
    }
  });

  it('should reject when the SMTP server cannot be reached', async () => {
    const send = createSmtpInviteSender({ url: `smtp://127.0.0.1:${await refusedPort()}`, from: 'no-reply@example.test' });
    await expect(send({ email: 'ada@example.test', orgName: 'Org', url: 'https://x.test/console/invite#t' })).rejects.toThrow(/ECONNREFUSED/);
  });
});

describeEachDialect('console invites by SMTP', (ctx) => {
  let smtp: FakeSmtp;
  let mailed: FastifyInstance;
  let unreachable: FastifyInstance;
  let admin: TestPerson;
  let orgId: string;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    const from = 'tf-gateway <no-reply@example.test>';
    const publicUrl = 'https://console.example.test';
    mailed = await buildConsoleApp(db(), { publicUrl, sendInviteEmail: createSmtpInviteSender({ url: `smtp://127.0.0.1:${smtp.port}`, from }) });
    unreachable = await buildConsoleApp(db(), { publicUrl, sendInviteEmail: createSmtpInviteSender({ url: `smtp://127.0.0.1:${await refusedPort()}`, from }) });
    orgId = (await createTestOrg(db())).org.id;
    admin = await createTestPerson(db(), 'admin');
    await addTestMember(db(), orgId, admin.user.id, 'admin');
  });
  afterAll(async () => {
    await mailed?.close();
    await unreachable?.close();
    await smtp?.close();
  });

  it('should email the invite link and say so', async () => {
    const res = await call(mailed, 'POST', `/api/orgs/${orgId}/invites`, { auth: admin.auth, body: { email: 'Grace@Example.test', role: 'developer' } });
    expect(res.statusCode).toBe(201);
    const invite = res.json();
    // The link is the invitee's secret: it is in the mail, not in the inviter's answer.
    expect(invite).toMatchObject({ email: 'grace@example.test', status: 'pending', emailed: true, url: null });
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['grace@example.test']);
    expect(mail?.raw).toMatch(/^Subject: You are invited to join Test org\r?$/m);
    expect(plainText(mail?.raw ?? '')).toMatch(/https:\/\/console\.example\.test\/console\/invite#tf_inv_\w+/);
  });

  it('should still create the invite, say it was not emailed, and keep the link from the inviter when the SMTP server is down', async () => {
    const before = smtp.received.length;
    const res = await call(unreachable, 'POST', `/api/orgs/${orgId}/invites`, { auth: admin.auth, body: { email: 'linus@example.test', role: 'viewer' } });
    expect(res.statusCode).toBe(201);
    const invite = res.json();
    expect(invite).toMatchObject({ email: 'linus@example.test', status: 'pending', emailed: false, url: null });
    expect(smtp.received).toHaveLength(before);
    const listed = (await call(unreachable, 'GET', `/api/orgs/${orgId}/invites`, { auth: admin.auth })).json();
    expect(listed.data.map((i: { email: string }) => i.email)).toContain('linus@example.test');
  });
});

describe('serve with TF_SMTP_URL', () => {
  it('should mail invites from TF_SMTP_FROM with links under TF_PUBLIC_URL', async () => {
    const smtp = await startFakeSmtp();
    const gateway = await startTestGateway({
      catalogue: readDemoCatalogue(),
      serverEnv: {
        TF_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
        TF_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        TF_SMTP_FROM: 'Gateway <invites@example.test>',
        TF_PUBLIC_URL: 'https://gateway.example.test/',
      },
    });
    try {
      const res = await fetch(`${gateway.rootURL}/api/orgs/${gateway.orgId}/invites`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ops@example.test', role: 'admin' }),
      });
      expect(res.status).toBe(201);
      const invite = (await res.json()) as { url: string | null; emailed: boolean };
      expect(invite).toMatchObject({ emailed: true, url: null });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ from: 'invites@example.test', to: ['ops@example.test'] });
      expect(plainText(smtp.received[0]!.raw)).toMatch(/https:\/\/gateway\.example\.test\/console\/invite#tf_inv_\w+/);
    } finally {
      await gateway.close();
      await smtp.close();
    }
  });
});
