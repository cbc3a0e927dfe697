import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, openTab, type ConsoleBrowser } from './harness/browser.js';
import { expectAttribute, expectHidden, expectVisible } from './harness/expect-page.js';
import { startConsoleGateway, type ConsoleGateway, type ConsolePerson } from './harness/gateway.js';
import { personApi } from './harness/person-api.js';
import { sidebarPages } from './harness/sidebar.js';

const OWNER_PAGES = ['Overview', 'Models', 'Usage', 'Members', 'Billing', 'Webhooks', 'Audit log', 'Settings', 'Playground', 'API keys', 'Request log', 'Usage', 'Settings'];

describeInBrowser('console shell', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;
  let viewer: ConsolePerson;
  let developer: ConsolePerson;
  let auditor: ConsolePerson;
  let acme: { id: string };
  let acmeProject: { id: string };
  let search: { id: string };

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway(), launchBrowser()]);
    [viewer, developer, auditor] = await Promise.all([gateway.createPerson('viewer'), gateway.createPerson('developer'), gateway.createPerson('auditor')]);
    const owner = await personApi(gateway, gateway.owner);
    acme = (await owner('POST', '/api/orgs', { name: 'Acme' })).body as { id: string };
    const me = (await owner('GET', '/api/me')).body as { projects: { id: string; org_id: string }[] };
    acmeProject = me.projects.find((p) => p.org_id === acme.id)!;
    search = (await owner('POST', `/api/orgs/${gateway.orgId}/projects`, { name: 'Search' })).body as { id: string };
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  it('should switch theme from the user menu, keep it across reloads, and follow the system by default', async () => {
    const tab = await openTab(browser, gateway, { as: gateway.owner, colorScheme: 'light' });
    const { page } = tab;
    const background = () => page.evaluate('getComputedStyle(document.body).backgroundColor');
    await page.goto('/console/me');
    await expectVisible(page.getByRole('heading', { name: 'Your account' }));
    expect(await page.getAttribute('html', 'data-theme')).toBeNull();
    expect(await background()).toBe('rgb(255, 255, 255)');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expectAttribute(page.locator('html'), 'data-theme', 'dark');
    expect(await background()).toBe('rgb(12, 12, 15)');
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Your account' }));
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await background()).toBe('rgb(12, 12, 15)');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await expectAttribute(page.locator('html'), 'data-theme', null);
    expect(await background()).toBe('rgb(255, 255, 255)');
    expect(tab.problems()).toEqual([]);
    await tab.close();

    const darkSystem = await openTab(browser, gateway, { as: gateway.owner, colorScheme: 'dark' });
    await darkSystem.page.goto('/console/me');
    await expectVisible(darkSystem.page.getByRole('heading', { name: 'Your account' }));
    expect(await darkSystem.page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(12, 12, 15)');
    await darkSystem.close();
  });

  it('should put the organization and project in the URL when switching, keeping the page when allowed', async () => {
    const tab = await openTab(browser, gateway, { as: gateway.owner });
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}/requests`);
    await expectVisible(page.getByRole('heading', { name: 'Request log' }));
    await page.getByRole('button', { name: /^Project: Default — switch project$/ }).click();
    await page.getByRole('menuitemradio', { name: 'Search' }).click();
    await page.waitForURL(`**/console/orgs/${gateway.orgId}/projects/${search.id}/requests`);
    await page.goto(`/console/orgs/${gateway.orgId}/billing`);
    await expectVisible(page.getByRole('heading', { name: 'Billing' }));
    await page.getByRole('button', { name: /^Organization: Demo Owner — switch organization$/ }).click();
    await page.getByRole('menuitemradio', { name: /Acme/ }).click();
    await page.waitForURL(`**/console/orgs/${acme.id}/billing`);
    await expectVisible(page.getByRole('button', { name: /^Organization: Acme / }));
    // A project page follows into the other organization's project.
    await page.goto(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}/keys`);
    await page.getByRole('button', { name: /^Organization: Demo / }).click();
    await page.getByRole('menuitemradio', { name: /Acme/ }).click();
    await page.waitForURL(`**/console/orgs/${acme.id}/projects/${acmeProject.id}/keys`);
    // /console opens the organization used last.
    await page.goto('/console/');
    await page.waitForURL(`**/console/orgs/${acme.id}`);
    // An organization the person is not in is a 404 page, not an empty shell.
    await page.goto('/console/orgs/org_doesnotexist0000/billing');
    await expectVisible(page.getByText('Nothing here'));
    expect(tab.problems()).toEqual([]);
    await tab.close();
  });

  it("should show each role only the navigation the API's abilities allow", async () => {
    const seen: Record<string, string[]> = {};
    for (const [name, person] of [['owner', gateway.owner], ['viewer', viewer], ['developer', developer], ['auditor', auditor]] as const) {
      const tab = await openTab(browser, gateway, { as: person });
      await tab.page.goto(`/console/orgs/${gateway.orgId}`);
      seen[name] = await sidebarPages(tab.page);
      await tab.close();
    }
    expect(seen).toEqual({
      owner: OWNER_PAGES,
      viewer: ['Overview', 'Models', 'Members', 'Settings', 'API keys', 'Request log', 'Usage', 'Settings'],
      developer: ['Overview', 'Models', 'Members', 'Settings', 'Playground', 'API keys', 'Request log', 'Usage', 'Settings'],
      auditor: ['Overview', 'Models', 'Usage', 'Members', 'Billing', 'Audit log', 'Settings', 'API keys', 'Request log', 'Usage', 'Settings'],
    });
    // A link made for someone else opens, and says the role does not include the page.
    const tab = await openTab(browser, gateway, { as: viewer });
    await tab.page.goto(`/console/orgs/${gateway.orgId}/billing`);
    await expectVisible(tab.page.getByText('Your role does not include this page'));
    await tab.close();
  });

  it('should count unread notifications on the bell, and read one, then all', async () => {
    const owner = await personApi(gateway, gateway.owner);
    // Thresholds above the $10 demo balance notify the owner at once, one notification each.
    const alerts = await owner('PATCH', `/api/orgs/${gateway.orgId}/billing/alerts`, { lowThresholdUsd: '20.00', criticalThresholdUsd: '15.00' });
    expect(alerts.status).toBe(200);
    const tab = await openTab(browser, gateway, { as: gateway.owner });
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}`);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expectAttribute(bell, 'aria-label', 'Notifications, 2 unread');
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expectVisible(panel.getByRole('button', { name: /^Unread: / }).first());
    await panel.getByRole('button', { name: /^Unread: / }).first().click();
    await expectAttribute(bell, 'aria-label', 'Notifications, 1 unread');
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expectAttribute(bell, 'aria-label', 'Notifications, none unread');
    // The toast (the Overview's balance banner is a status region too).
    await expectVisible(page.getByRole('status').filter({ hasText: 'All notifications marked read.' }));
    await expectHidden(page.getByTestId('unread-count'));
    expect(tab.problems()).toEqual([]);
    await tab.close();
  });

  it('should fold the navigation into a drawer at 375 px that closes on navigating', async () => {
    const tab = await openTab(browser, gateway, { as: gateway.owner, viewport: 'phone' });
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}`);
    await expectVisible(page.getByRole('heading', { name: 'Overview' }));
    expect(await page.getByRole('navigation', { name: 'Console' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('link', { name: /^Members/ }).click();
    await page.waitForURL(`**/console/orgs/${gateway.orgId}/members`);
    await expectHidden(drawer);
    // Nothing is wider than the phone: the page never scrolls sideways.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await tab.close();
  });

  it('should reload instead of breaking when a page chunk is gone after an upgrade', async () => {
    const tab = await openTab(browser, gateway, { as: gateway.owner });
    const { page } = tab;
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(`/console/orgs/${gateway.orgId}`);
    await expectVisible(page.getByRole('heading', { name: 'Overview' }));
    // The tab runs the previous build: its entry names an account-page chunk the server no longer
    // has (a deploy replaced the hashed files). Only this first load is the old build.
    await page.route(/\/console\/assets\/index-[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/me-page-[\w-]+\.js/g, 'me-page-0ldBu1ld.js');
      // Under its current name the old build must not stay in the HTTP cache: a real deploy renames the entry.
      await route.fulfill({ response, body, headers: { ...response.headers(), 'cache-control': 'no-store' } });
    }, { times: 1 });
    const gone: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/me-page-0ldBu1ld.js')) gone.push(response.status());
    });
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Overview' }));
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Your account' }).click();
    // The import fails on the real server's 404; the tab reloads into the current build.
    await expectVisible(page.getByRole('heading', { name: 'Your account' }));
    // The old chunk was asked for (by the hover preload, then the click) and always missing.
    expect(gone.length).toBeGreaterThan(0);
    expect(new Set(gone)).toEqual(new Set([404]));
    expect(loads).toBe(3);
    expect(page.url()).toMatch(/\/console\/me$/);
    await tab.close();
  });
});
