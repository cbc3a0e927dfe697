import { readFileSync } from 'node:fs';
import OpenAI from 'openai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, openTab, type ConsoleBrowser } from './harness/browser.js';
import { expectText, expectVisible } from './harness/expect-page.js';
import { startConsoleGateway, type ConsoleGateway } from './harness/gateway.js';
import { sendTraffic, waitSettled } from './harness/traffic.js';

/** How <Money> prints an exact amount: "$" and the decimals without trailing zeros (at least two). */
function shown(usd: string): string {
  const [whole, fraction = ''] = usd.split('.');
  return `$${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

describeInBrowser('developer journey (API keys, Request log, Usage)', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  it('should create a key, call the gateway with it from the openai package, and find the request with its exact cost in the log, the usage table and the CSV', { timeout: 180_000 }, async () => {
    const developer = await gateway.createPerson('developer');
    const tab = await openTab(browser, gateway, { as: developer });
    const { page } = tab;
    const project = `/console/orgs/${gateway.orgId}/projects/${gateway.projectId}`;

    // A key, created in the UI: the secret is shown once, with a snippet.
    await page.goto(`${project}/keys`);
    await page.getByRole('button', { name: 'Create key' }).click();
    const form = page.getByRole('dialog', { name: 'Create an API key' });
    await form.getByLabel('Name').fill('journey key');
    await form.getByLabel('Monthly budget (USD)').fill('5.00');
    await form.getByRole('button', { name: 'Create key' }).click();
    const created = page.getByRole('dialog', { name: 'API key created' });
    const secret = (await created.getByTestId('secret-value').textContent()) ?? '';
    expect(secret).toMatch(/^sk-tf-/);
    await expectText(created.getByLabel('Python snippet using the key'), `api_key="${secret}"`);
    await created.getByRole('button', { name: 'Done' }).click();
    const keyRow = page.getByRole('row', { name: /journey key/ });
    await expectText(keyRow, /Active/);
    await expectText(keyRow, '$5.00');
    expect(await page.content()).not.toContain(secret);

    // The developer's code calls the gateway with that key, through the official openai package.
    const client = new OpenAI({ apiKey: secret, baseURL: `${gateway.url}/v1`, maxRetries: 0 });
    const { data: answer, response } = await client.chat.completions
      .create({ model: 'openai/gpt-4o-mini', user: 'journey-user', metadata: { team: 'journey' }, store: false, messages: [{ role: 'user', content: 'Hello from the journey test' }] })
      .withResponse();
    const requestId = response.headers.get('x-request-id')!;
    const cost = (answer.usage as unknown as { cost: string }).cost;
    expect(cost).toMatch(/^0\.\d{9}$/);
    await waitSettled(gateway, requestId);

    // The Request log, filtered to the key, lists it; pasting its id opens the drawer with the exact cost.
    await page.goto(`${project}/requests`);
    await page.getByLabel('Key').selectOption({ label: 'journey key' });
    await expectVisible(page.getByRole('button', { name: new RegExp(`open request ${requestId}`) }));
    expect(page.url()).toMatch(/key=key_/);
    expect(await page.getByRole('table', { name: 'Requests' }).locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Go to request').fill(requestId);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Request ${requestId}` });
    await expectText(drawer, 'journey-user');
    await expectText(drawer, 'team=journey');
    await expectText(drawer, 'openai/gpt-4o-mini@');
    const explained = drawer.getByRole('table', { name: 'Cost by token class' });
    await expectText(explained.locator('tfoot'), shown(cost));
    await expectText(drawer, `-${shown(cost)}`);
    expect(page.url()).toContain(`request=${requestId}`);

    // Usage by key: the key's row and the total carry the same exact cost; the chart is drawn.
    await page.goto(`${project}/usage?group=key`);
    const figures = page.getByRole('table', { name: 'Usage figures' });
    await expectText(figures.getByRole('row', { name: /journey key/ }), shown(cost));
    await expectVisible(page.getByRole('img', { name: /Chart of cost per day/ }));

    // The CSV from the API carries the same row.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const keys = (await gateway.operator('GET', `/api/projects/${gateway.projectId}/api-keys`)) as { data: { id: string; name: string }[] };
    const keyId = keys.data.find((k) => k.name === 'journey key')!.id;
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('start,group,requests,input_tokens,output_tokens,cached_tokens,reasoning_tokens,cost_usd');
    const row = lines.slice(1).map((l) => l.split(',')).find((cells) => cells[7] === cost && cells[2] === '1');
    expect(row, `a CSV row with the request's cost ${cost}:\n${csv}`).toBeDefined();
    expect(row![1]).toBe(keyId);
    expect(tab.problems()).toEqual([]);
    await tab.close();
  });

  it("should fit the keys table, every row's actions included, in its frame at 1280 and 1024 px", { timeout: 120_000 }, async () => {
    // Long names, budgets, several allowed models, an expiry and a disabled key: the widest rows a project has.
    const keysPath = `/api/projects/${gateway.projectId}/api-keys`;
    await gateway.operator('POST', keysPath, { name: 'production backend — EU west batch summariser (nightly)', budget_usd: '12500.00', allowed_models: ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4', 'openai/gpt-4o'], expires_at: '2031-12-31T00:00:00Z' });
    const disabled = (await gateway.operator('POST', keysPath, { name: 'staging worker for the customer-support assistant', budget_usd: '999.99' })) as { id: string };
    await gateway.operator('PATCH', `${keysPath}/${disabled.id}`, { disabled: true });
    await gateway.operator('POST', keysPath, { name: 'ci', budget_usd: '0.50', allowed_models: ['openai/gpt-4o-mini'] });
    const tab = await openTab(browser, gateway, { as: gateway.owner });
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}/keys`);
    const table = page.getByRole('table', { name: 'API keys' });
    await expectVisible(table.getByRole('row', { name: /production backend/ }));
    const frame = table.locator('xpath=..');
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      // The frame does not scroll sideways: nothing starts cut off.
      const overflow = await frame.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(overflow.scroll, `keys table at ${width} px: scrollWidth ${overflow.scroll} vs clientWidth ${overflow.client}`).toBeLessThanOrEqual(overflow.client);
      // Each row's actions lie within the frame and the screen.
      const edge = await frame.evaluate((el) => el.getBoundingClientRect().right);
      for (const row of await table.locator('tbody tr').all()) {
        for (const button of await row.getByRole('button').all()) {
          const box = (await button.boundingBox())!;
          expect(box.x + box.width, `${await button.textContent()} at ${width} px`).toBeLessThanOrEqual(Math.min(edge, width));
        }
      }
      await expectVisible(table.getByRole('row', { name: /staging worker/ }).getByRole('button', { name: 'Enable' }));
      await expectVisible(table.getByRole('row', { name: /production backend/ }).getByRole('button', { name: 'Delete' }));
    }
    expect(tab.problems()).toEqual([]);
    await tab.close();
  });

  it('should show a viewer the keys, the log and the usage without a single control to change a key', { timeout: 120_000 }, async () => {
    await sendTraffic(gateway, gateway.demoKey, 1);
    const viewer = await gateway.createPerson('viewer');
    const tab = await openTab(browser, gateway, { as: viewer });
    const { page } = tab;
    const project = `/console/orgs/${gateway.orgId}/projects/${gateway.projectId}`;
    await page.goto(`${project}/keys`);
    const table = page.getByRole('table', { name: 'API keys' });
    await expectText(table.getByRole('row', { name: /demo/ }), /Active/);
    for (const name of ['Create key', 'Disable', 'Enable', 'Delete']) expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    await page.goto(`${project}/requests`);
    await expectVisible(page.getByRole('table', { name: 'Requests' }).locator('tbody tr button').first());
    await page.goto(`${project}/usage`);
    await expectVisible(page.getByRole('table', { name: 'Usage figures' }));
    expect(tab.problems()).toEqual([]);
    await tab.close();
  });
});
