import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, openTab, type ConsoleBrowser } from './harness/browser.js';
import { expectHidden, expectText, expectVisible } from './harness/expect-page.js';
import { startConsoleGateway, type ConsoleGateway } from './harness/gateway.js';

describeInBrowser('console models', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  it('should search the catalogue, show a model with its versions and prices, and copy a snippet that calls it', async () => {
    const viewer = await gateway.createPerson('viewer');
    const { page, context, problems } = await openTab(browser, gateway, { as: viewer });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/console/orgs/${gateway.orgId}/models`);
    const table = page.getByRole('table', { name: 'Models' });
    await expectVisible(table.getByText('openai/gpt-4o-mini'));

    // The search is in the URL, so the filtered view can be shared.
    await page.getByLabel('Search models').fill('4o mini');
    await expectHidden(table.getByText('anthropic/claude-sonnet-4'));
    await expectText(page.getByText(/\d+ of \d+ models/), /^1 of \d+ models$/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('4o mini');
    const row = page.getByRole('row', { name: /GPT-4o mini/ });
    await expectText(row, '$0.15');
    await expectText(row, '$0.60');
    await expectText(row, 'Active');
    await expectText(row, 'Allowed');

    await row.getByRole('button', { name: 'GPT-4o mini' }).click();
    const dialog = page.getByRole('dialog', { name: 'GPT-4o mini' });
    await expectText(dialog, 'openai/gpt-4o-mini@2024-07-18 (default)');
    await expectText(dialog, '128,000 tokens');
    await expectText(dialog.getByRole('region', { name: 'Prices' }), /Cached input\s*\$0\.075/);
    await dialog.getByRole('tab', { name: 'curl' }).click();
    await dialog.getByRole('button', { name: 'Copy curl snippet' }).click();
    const copied = String(await page.evaluate('navigator.clipboard.readText()'));
    expect(copied).toContain(`curl ${gateway.url}/v1/chat/completions`);
    expect(copied).toContain('"model": "openai/gpt-4o-mini"');
    expect(copied).toContain('Authorization: Bearer sk-tf-...');

    // The copied command works once the placeholder is replaced by a real key.
    const command = /-d '(.*)'$/s.exec(copied)![1]!;
    const res = await fetch(`${gateway.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${gateway.demoKey}`, 'content-type': 'application/json' }, body: command });
    expect(res.status).toBe(200);
    expect(problems()).toEqual([]);
  });

  it('should show a deprecated model with its sunset date and replacement', async () => {
    const { page, problems } = await openTab(browser, gateway, { as: gateway.owner });
    await page.goto(`/console/orgs/${gateway.orgId}/models?model=${encodeURIComponent('openai/gpt-3.5-turbo')}`);
    const dialog = page.getByRole('dialog', { name: 'GPT-3.5 Turbo' });
    await expectText(dialog, 'Deprecated: stops serving on');
    await expectText(dialog, 'requests then go to openai/gpt-4o-mini');
    // Closing it takes the model out of the URL; the table says the same in its status column.
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    expect(new URL(page.url()).searchParams.get('model')).toBeNull();
    await expectText(page.getByRole('row', { name: /GPT-3.5 Turbo/ }), 'Deprecated');
    expect(problems()).toEqual([]);
  });
});
