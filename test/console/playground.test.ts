import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatUsd, parseUsd } from '../../src/core/money.js';
import { describeInBrowser, launchBrowser, openTab, type ConsoleBrowser } from './harness/browser.js';
import { expectHidden, expectText, expectVisible } from './harness/expect-page.js';
import { startConsoleGateway, type ConsoleGateway } from './harness/gateway.js';
import { personApi } from './harness/person-api.js';
import { sidebarPages } from './harness/sidebar.js';

describeInBrowser('console playground', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  const available = async () => parseUsd(((await gateway.operator('GET', `/api/orgs/${gateway.orgId}/billing/balance`)) as { available_usd: string }).available_usd)!;

  it('should stream an answer as a developer, show its exact cost and req_ id, and find it in the log and the balance', async () => {
    const person = await gateway.createPerson('developer');
    const api = await personApi(gateway, person);
    const me = (await api('GET', '/api/me')).body as { user: { id: string } };
    const before = await available();
    const { page, problems } = await openTab(browser, gateway, { as: person });
    await page.goto(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}/playground`);
    await expectVisible(page.getByRole('heading', { name: 'Playground', level: 1 }));
    await page.getByLabel('Model').fill('gpt-4o-mini');
    await page.getByLabel('System message').fill('Answer briefly.');
    await page.getByLabel('User message').fill('Write two sentences about the sea [sim:slow:600]');
    expect(await page.getByLabel('Stream').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Send' }).click();

    // The text grows while the stream runs, then the facts appear.
    const answer = page.getByTestId('answer-text');
    await expectText(answer, /\w+/);
    const facts = page.getByLabel('Request facts');
    await expectVisible(facts);
    const requestLink = facts.getByRole('link');
    const requestId = (await requestLink.textContent()) ?? '';
    expect(requestId).toMatch(/^req_/);
    // Shown exactly (trailing zeros trimmed): the same amount as the API's nine-decimal string.
    const shown = ((await page.getByTestId('answer-cost').textContent()) ?? '').replace(/^\$/, '');
    expect(shown).toMatch(/^\d+\.\d+$/);
    const cost = formatUsd(parseUsd(shown)!);
    expect(await requestLink.getAttribute('href')).toBe(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}/requests?request=${requestId}`);
    expect(new URL(page.url()).searchParams.get('model')).toBe('gpt-4o-mini');

    // The request log has it, as this person's playground request, with the cost shown.
    let entry: { status: number; body: unknown } = { status: 0, body: null };
    for (let i = 0; i < 50 && entry.status !== 200; i++) {
      entry = await api('GET', `/api/requests/${requestId}`);
      if (entry.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(entry.body).toMatchObject({ id: requestId, source: 'playground', user_id: me.user.id, key_id: null, stream: true, model_requested: 'gpt-4o-mini', cost_usd: cost });
    // And the organization's available balance went down by exactly that much.
    let after = await available();
    for (let i = 0; i < 50 && before - after !== parseUsd(cost); i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await available();
    }
    expect(formatUsd(before - after)).toBe(cost);

    await requestLink.click();
    await page.waitForURL(/\/requests\?request=req_/);
    const drawer = page.getByRole('dialog', { name: `Request ${requestId}` });
    await expectVisible(drawer);
    await page.keyboard.press('Escape');
    await expectHidden(drawer);
    // The log's source filter, kept in the URL: the playground request is listed under Playground only.
    const requests = page.getByRole('table', { name: 'Requests' });
    await page.getByLabel('Source').selectOption('playground');
    await page.waitForURL(/[?&]source=playground/);
    await expectVisible(requests.getByRole('row').filter({ hasText: 'Playground' }).first());
    await page.getByLabel('Source').selectOption('api');
    await page.waitForURL(/[?&]source=api/);
    await expect.poll(async () => requests.getByRole('row').filter({ hasText: 'Playground' }).count(), { timeout: 10_000 }).toBe(0);
    await page.reload();
    expect(await page.getByLabel('Source').inputValue()).toBe('api');
    expect(problems()).toEqual([]);
  });

  it('should show tool calls, and a refusal in the API words next to the form', async () => {
    const { page, problems } = await openTab(browser, gateway, { as: gateway.owner });
    await page.goto(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}/playground?model=openai%2Fgpt-4o-mini`);
    await page.getByLabel('User message').fill('Call the weather tool for Paris');
    await page.getByLabel('Stream').uncheck();
    await page.getByLabel('Tools').check();
    await expectVisible(page.getByLabel('Tool definitions (JSON)'));
    await page.getByRole('button', { name: 'Send' }).click();
    await expectText(page.getByLabel(/^Tool call get_weather/), /get_weather\(\{.*Paris.*\}\)/);

    await page.getByLabel('Model').fill('nope/none');
    await page.getByRole('button', { name: 'Send' }).click();
    // In the banner by the answer, and under the field it names.
    await expectText(page.getByRole('alert'), "The model 'nope/none' does not exist.");
    await expectVisible(page.getByRole('form', { name: 'Chat request' }).getByText("The model 'nope/none' does not exist."));
    expect(problems()).toEqual([]);
  });

  it('should not offer the playground to a viewer, whose request would be refused', async () => {
    const viewer = await gateway.createPerson('viewer');
    const { page } = await openTab(browser, gateway, { as: viewer });
    await page.goto(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}/requests`);
    expect(await sidebarPages(page)).not.toContain('Playground');
    const api = await personApi(gateway, viewer);
    const refused = await api('POST', `/api/projects/${gateway.projectId}/playground/chat/completions`, { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(refused.status).toBe(403);
  });
});
