import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriousA11yViolations } from './harness/axe.js';
import { describeInBrowser, launchBrowser, openTab, type ConsoleBrowser } from './harness/browser.js';
import { expectText, expectVisible } from './harness/expect-page.js';
import { startConsoleGateway, type ConsoleGateway, type ConsolePerson } from './harness/gateway.js';
import { personApi } from './harness/person-api.js';

/** One POST the receiver got: headers and the exact bytes. */
interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A real HTTP receiver: answers 204 to everything (or what `failOnce` set, once) and records what it got. */
async function startReceiver(): Promise<{ readonly url: string; readonly received: Received[]; failOnce: (status: number, body: string) => void; close: () => Promise<void> }> {
  const received: Received[] = [];
  let failure: { status: number; body: string } | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (failure === null) return void res.writeHead(204).end();
      res.writeHead(failure.status, { 'content-type': 'text/plain' }).end(failure.body);
      failure = null;
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/tf`,
    received,
    failOnce: (status, body) => (failure = { status, body }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Wait until the receiver has got `count` requests. */
async function receivedCount(received: readonly Received[], count: number): Promise<void> {
  await expect.poll(() => received.length, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(count);
}

/*
 * An admin's webhook journey against a receiver started by the test: add an endpoint (secret shown
 * once), send a test event that arrives signed with that secret, see the delivery and its answer,
 * rotate the secret (deliveries then verify with the new one), disable the endpoint.
 */
describeInBrowser('console webhooks (admin journey)', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let admin: ConsolePerson;

  beforeAll(async () => {
    // The receiver is on this machine: allow private addresses, and poll the delivery queue quickly.
    [gateway, browser, receiver] = await Promise.all([
      startConsoleGateway({ TF_WEBHOOK_POLL_MS: '200', TF_WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }),
      launchBrowser(),
      startReceiver(),
    ]);
    admin = await gateway.createPerson('admin');
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await receiver?.close();
  });

  it('should add an endpoint, deliver a signed test event, show the delivery, rotate the secret and disable', async () => {
    const tab = await openTab(browser, gateway, { as: admin });
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}`);
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Webhooks', level: 1 }));
    await expectText(page.locator('main'), 'No webhook endpoints yet');

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('URL').fill('ftp://example.com/x');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expectText(dialog, 'Only http:// and https:// URLs are accepted.');
    await dialog.getByLabel('URL').fill(receiver.url);
    await dialog.getByLabel('Description').fill('Test receiver');
    await dialog.getByLabel('Only these:').check();
    await dialog.getByRole('checkbox', { name: /webhook\.test/ }).check();
    await dialog.getByRole('checkbox', { name: /billing\.top_up_completed/ }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const added = page.getByRole('dialog', { name: 'Endpoint added' });
    const secret = (await added.getByTestId('secret-value').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await added.getByRole('button', { name: 'Done' }).click();
    // Shown once: nowhere on the page any more.
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('table', { name: 'Webhook endpoints' }).getByRole('link', { name: receiver.url }).click();
    const panel = page.getByRole('region', { name: 'Endpoint' });
    await expectText(panel, /Events\s*billing\.top_up_completed\s*webhook\.test|Events\s*webhook\.test\s*billing\.top_up_completed/);
    expect(page.url()).toMatch(/\?endpoint=whe_\w+$/);
    await panel.getByRole('button', { name: 'Send test event' }).click();

    await receivedCount(receiver.received, 1);
    const first = receiver.received[0]!;
    const event = new Webhook(secret).verify(first.body, {
      'webhook-id': first.headers['webhook-id'] as string,
      'webhook-timestamp': first.headers['webhook-timestamp'] as string,
      'webhook-signature': first.headers['webhook-signature'] as string,
    }) as { type: string; data: { endpoint_id: string } };
    expect(event.type).toBe('webhook.test');
    expect(page.url()).toContain(event.data.endpoint_id);

    // The delivery shows up by itself: delivered, one attempt, the receiver's answer.
    const deliveries = panel.getByRole('table', { name: 'Deliveries' });
    const row = deliveries.getByRole('row').filter({ hasText: first.headers['webhook-id'] as string });
    await expectText(row, /webhook\.test.*Delivered\s*1 attempt\s*HTTP 204/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A receiver that fails the first attempt (500) and takes the retry (5 s later): the delivery
    // shows both attempts, in the page and through the API.
    receiver.failOnce(500, 'database unavailable');
    await panel.getByRole('button', { name: 'Send test event' }).click();
    await receivedCount(receiver.received, 2);
    const retriedId = receiver.received[1]!.headers['webhook-id'] as string;
    const retried = deliveries.getByRole('row').filter({ hasText: retriedId });
    await expectText(retried, /Retrying\s*1 attempt\s*HTTP 500.*Next attempt/);
    await receivedCount(receiver.received, 3);
    expect(receiver.received[2]!.headers['webhook-id']).toBe(retriedId);
    await expectText(retried, /Delivered\s*2 attempts\s*HTTP 204/);
    await retried.getByRole('link', { name: retriedId }).click();
    const drawer = page.getByRole('dialog', { name: /^Delivery whd_/ });
    expect(page.url()).toMatch(/&delivery=whd_\w+$/);
    const attempts = drawer.getByRole('region', { name: 'Attempts' }).getByRole('listitem');
    await expect.poll(() => attempts.count(), { timeout: 15_000 }).toBe(2);
    await expectText(attempts.nth(0), /Attempt 1[\s\S]*HTTP 500[\s\S]*HTTP 500[\s\S]*database unavailable/);
    await expectText(attempts.nth(1), /Attempt 2[\s\S]*HTTP 204[\s\S]*Empty/);
    await expectText(drawer.getByRole('region', { name: 'Payload' }), '"type": "webhook.test"');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const deliveryId = new URL(page.url()).searchParams.get('delivery')!;
    const endpointId = new URL(page.url()).searchParams.get('endpoint')!;
    const api = await personApi(gateway, admin);
    const detail = await api('GET', `/api/orgs/${gateway.orgId}/webhooks/${endpointId}/deliveries/${deliveryId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      event_id: retriedId, status: 'succeeded', attempts: 2,
      attempt_history: [
        { attempt: 1, response_status: 500, error: 'HTTP 500', response_body: 'database unavailable' },
        { attempt: 2, response_status: 204, error: null, response_body: null },
      ],
    });
    // A link to the delivery opens it with its attempts.
    await page.reload();
    await expect.poll(() => page.getByRole('dialog', { name: `Delivery ${deliveryId}` }).getByRole('region', { name: 'Attempts' }).getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
    await page.keyboard.press('Escape');
    expect(new URL(page.url()).searchParams.get('delivery')).toBeNull();

    // Rotation: the new secret is shown once and signs the next delivery (the old one still does, for 24 h).
    await panel.getByRole('button', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    const newSecret = (await rotated.getByTestId('secret-value').textContent())!;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expectText(panel, 'Still signs until');
    const before = receiver.received.length;
    await panel.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.received.slice(before).some((r) => r.body.includes('"webhook.test"')), { timeout: 15_000, interval: 100 }).toBe(true);
    const latest = receiver.received.slice(before).find((r) => r.body.includes('"webhook.test"'))!;
    for (const key of [newSecret, secret]) {
      expect(() => new Webhook(key).verify(latest.body, {
        'webhook-id': latest.headers['webhook-id'] as string,
        'webhook-timestamp': latest.headers['webhook-timestamp'] as string,
        'webhook-signature': latest.headers['webhook-signature'] as string,
      })).not.toThrow();
    }

    // Disabled: no test can be sent, and the list says so.
    await panel.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog', { name: 'Disable this endpoint?' }).getByRole('button', { name: 'Disable endpoint' }).click();
    await expectText(panel, /Status\s*Disabled/);
    expect(await panel.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);
    await expectText(page.getByRole('table', { name: 'Webhook endpoints' }), 'Disabled');
    expect(tab.problems()).toEqual([]);
    await tab.close();
  });

  it('should not show webhooks to a person who may not manage them, and the API refuses them too', async () => {
    const developer = await gateway.createPerson('developer');
    const tab = await openTab(browser, gateway, { as: developer });
    await tab.page.goto(`/console/orgs/${gateway.orgId}`);
    await expectVisible(tab.page.getByRole('navigation').getByRole('link', { name: 'Overview' }));
    expect(await tab.page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    await tab.page.goto(`/console/orgs/${gateway.orgId}/webhooks`);
    await expectVisible(tab.page.getByText('Your role does not include this page'));
    const refused = await (await personApi(gateway, developer))('GET', `/api/orgs/${gateway.orgId}/webhooks`);
    expect(refused).toMatchObject({ status: 403, body: { error: { message: "Your role does not allow this action (needs 'org.webhooks.manage')." } } });
    await tab.close();
  });
});
