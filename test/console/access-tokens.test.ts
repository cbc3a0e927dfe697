import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, openTab, type ConsoleBrowser } from './harness/browser.js';
import { expectHidden, expectText, expectVisible } from './harness/expect-page.js';
import { startConsoleGateway, type ConsoleGateway } from './harness/gateway.js';
import { personApi } from './harness/person-api.js';

describeInBrowser('console access tokens (Me)', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  it('should create a token shown once with a copy button, that works against /api/me until revoked', async () => {
    const tab = await openTab(browser, gateway, { as: gateway.owner });
    const { page, context } = tab;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/console/me?tab=tokens');
    await expectVisible(page.getByText('No access tokens yet'));
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an access token' });
    await dialog.getByLabel('Name').fill('CI deploy');
    await dialog.getByLabel('Expires').selectOption('30');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: 'Access token created' });
    await expectText(shown, 'It is shown only once and cannot be shown again.');
    const secret = (await shown.getByTestId('secret-value').textContent()) ?? '';
    expect(secret).toMatch(/^tf_at_\w{20,}$/);
    await shown.getByRole('button', { name: 'Copy access token' }).click();
    await expectText(shown.getByRole('button', { name: /Copied/ }), 'Copied');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);

    // The token works for a script, as its owner.
    const asScript = await fetch(`${gateway.url}/api/me`, { headers: { authorization: `Bearer ${secret}` } });
    expect(asScript.status).toBe(200);
    expect(((await asScript.json()) as { user: { email: string } }).user.email).toBe(gateway.owner.email);

    // Closed, the secret is gone for good: the list shows the prefix only.
    await shown.getByRole('button', { name: 'Done' }).click();
    await expectHidden(shown);
    const row = page.getByRole('row', { name: /CI deploy/ });
    await expectText(row, /Active/);
    await expectText(row, secret.slice(0, 12));
    expect(await page.content()).not.toContain(secret);

    // Revoking asks first, then the token stops working.
    await row.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “CI deploy”?' });
    await expectText(confirm, 'Scripts using this token get 401 from their next request.');
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await expectHidden(confirm);
    await expectText(page.getByRole('row', { name: /CI deploy/ }), /Revoked/);
    const revoked = await fetch(`${gateway.url}/api/me`, { headers: { authorization: `Bearer ${secret}` } });
    expect(revoked.status).toBe(401);
    expect(tab.problems()).toEqual([]);
    await tab.close();
  });

  it('should show a refused creation in words next to the form', async () => {
    const tab = await openTab(browser, gateway, { as: gateway.owner });
    const { page } = tab;
    await page.goto('/console/me?tab=tokens');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an access token' });
    // Only spaces: the browser's own check passes it, the API refuses it and names the field.
    await dialog.getByLabel('Name').fill('   ');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const name = dialog.getByLabel('Name');
    await expectText(dialog.getByText("Invalid 'name' in the body"), "Invalid 'name' in the body: Too small: expected string to have >=1 characters");
    // The message sits under the field and describes it for screen readers.
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
    await expectText(page.locator(`[id="${describedBy.split(' ')[0]}"]`), "Invalid 'name' in the body");
    expect(await page.getByRole('dialog', { name: 'Access token created' }).count()).toBe(0);
    await tab.close();
  });

  it('should page through many tokens with Load more', async () => {
    const owner = await personApi(gateway, gateway.owner);
    for (let i = 1; i <= 23; i++) expect((await owner('POST', '/api/me/access-tokens', { name: `script ${String(i).padStart(2, '0')}` })).status).toBe(201);
    const tab = await openTab(browser, gateway, { as: gateway.owner });
    const { page } = tab;
    await page.goto('/console/me?tab=tokens');
    const rows = page.getByRole('table', { name: 'Access tokens' }).locator('tbody tr');
    await expectText(rows.first(), 'script 23');
    expect(await rows.count()).toBe(20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expectText(rows.nth(20), /script/);
    // 23 new ones and the revoked one from the first test, newest first, none twice.
    await expectHidden(page.getByRole('button', { name: 'Load more' }));
    const names = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td div div span')?.textContent ?? ''));
    expect(names).toHaveLength(24);
    expect(new Set(names).size).toBe(24);
    expect(names.at(-1)).toBe('CI deploy');
    await tab.close();
  });
});
