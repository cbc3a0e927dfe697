import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, openTab, type ConsoleBrowser } from './harness/browser.js';
import { expectDisabled, expectText, expectVisible } from './harness/expect-page.js';
import { startConsoleGateway, type ConsoleGateway } from './harness/gateway.js';

describeInBrowser('console sign-in', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  it('should send a browser opening / to sign-in, say a wrong password in words, then sign in and return to the page asked for', async () => {
    const tab = await openTab(browser, gateway);
    const { page } = tab;
    await page.goto('/console/me?tab=tokens');
    await page.waitForURL(/\/console\/sign-in\?redirect=%2Fme%3Ftab%3Dtokens$/);
    // A first visit is not an expired session.
    await expectVisible(page.getByLabel('Email'));
    expect(await page.getByText('Your session ended').count()).toBe(0);
    await page.getByLabel('Email').fill(gateway.owner.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectText(page.getByRole('alert'), 'The email or password is wrong.');
    await page.getByLabel('Password').fill(gateway.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/console\/me\?tab=tokens$/);
    await expectVisible(page.getByRole('tab', { name: 'Access tokens', selected: true }));
    expect(tab.problems()).toEqual([]);
    await tab.close();

    const root = await openTab(browser, gateway);
    await root.page.goto('/');
    await root.page.waitForURL(/\/console\/sign-in/);
    await root.close();
  });

  it('should show when a throttled sign-in may be retried, and keep the button off until then', async () => {
    const person = await gateway.createPerson('viewer');
    const tab = await openTab(browser, gateway);
    const { page } = tab;
    await page.goto('/console/sign-in');
    await page.getByLabel('Email').fill(person.email);
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('Password').fill(`wrong ${i}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectText(page.getByRole('alert'), 'The email or password is wrong.');
    }
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const throttled = page.getByTestId('throttled');
    await expectText(throttled, /Too many failed sign-ins for this email\. You can try again at \d{1,2}:\d{2}:\d{2}/);
    await expectText(throttled, /Time left: 1[45] min/);
    await expectDisabled(page.getByRole('button', { name: 'Sign in' }));
    await tab.close();
  });

  it('should return to sign-in when the session ends elsewhere, then back to the same page', async () => {
    const tab = await openTab(browser, gateway, { as: gateway.owner });
    const { page, context } = tab;
    await page.goto('/console/me?tab=notifications');
    await expectVisible(page.getByRole('heading', { name: 'Your account' }));
    // The session ends on the server (signed out from another device); the browser still holds its cookie.
    const [cookie] = await context.cookies();
    const ended = await fetch(`${gateway.url}/api/sign-out`, { method: 'POST', headers: { cookie: `tf_session=${cookie!.value}`, 'x-requested-with': 'XMLHttpRequest' } });
    expect(ended.status).toBe(204);
    // The next call the page makes answers 401: the person lands on sign-in, told why.
    await page.getByRole('tab', { name: 'Access tokens' }).click();
    await page.waitForURL(/\/console\/sign-in\?/);
    await expectText(page.getByRole('status'), 'Your session ended. Sign in again to continue where you were.');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/me?tab=tokens');
    await page.getByLabel('Email').fill(gateway.owner.email);
    await page.getByLabel('Password').fill(gateway.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/console\/me\?tab=tokens$/);
    await expectVisible(page.getByRole('heading', { name: 'Your account' }));
    expect(tab.problems()).toEqual([]);
    await tab.close();
  });

  it('should sign out from the user menu and then need a sign-in again', async () => {
    const tab = await openTab(browser, gateway, { as: gateway.owner });
    const { page } = tab;
    await page.goto('/console/');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expectVisible(page.getByRole('heading', { name: 'You are signed out' }));
    await page.goto('/console/me');
    await page.waitForURL(/\/console\/sign-in/);
    await tab.close();
  });
});
