import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriousA11yViolations } from './harness/axe.js';
import { describeInBrowser, launchBrowser, openTab, sessionCookie, VIEWPORTS, type ConsoleBrowser } from './harness/browser.js';
import { CONSOLE_PAGES, type PageContext } from './harness/console-pages.js';
import { startConsoleGateway, type ConsoleGateway } from './harness/gateway.js';
import { personApi } from './harness/person-api.js';
import { saveScreenshot, SCREENSHOT_DIR } from './harness/screenshots.js';

const THEMES = ['light', 'dark'] as const;

/*
 * Every page of harness/console-pages.ts, light and dark, at 1280 and 375 px: no serious or
 * critical axe-core violation, no CSP violation or uncaught error, nothing wider than the screen,
 * and a screenshot of each in screenshots/ (`npm run screenshots` runs just this file).
 */
describeInBrowser('every console page', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;
  let ctx: PageContext;
  let ownerSession: string;

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway(), launchBrowser()]);
    const owner = await personApi(gateway, gateway.owner);
    const invite = (await owner('POST', `/api/orgs/${gateway.orgId}/invites`, { email: 'screenshot@e2e.test', role: 'developer' })).body as { url: string };
    const url = new URL(invite.url);
    ctx = { gateway, invitePath: `${url.pathname}${url.hash}` };
    // Something to list: tokens, and notifications from balance alerts above the demo balance.
    for (const name of ['CI deploy', 'Nightly export', 'Grafana']) await owner('POST', '/api/me/access-tokens', { name });
    await owner('PATCH', `/api/orgs/${gateway.orgId}/billing/alerts`, { lowThresholdUsd: '20.00', criticalThresholdUsd: '15.00' });
    ownerSession = await sessionCookie(gateway, gateway.owner);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    console.info(`Screenshots of every console page: ${SCREENSHOT_DIR}`);
  });

  for (const consolePage of CONSOLE_PAGES) {
    it(`should pass axe and fit the screen: ${consolePage.name}`, async () => {
      const failures: string[] = [];
      for (const theme of THEMES) {
        for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
          const as = consolePage.as === 'owner' ? { session: ownerSession } : consolePage.as === 'own-session' ? gateway.owner : undefined;
          const tab = await openTab(browser, gateway, { colorScheme: theme, viewport, ...(as ? { as } : {}) });
          try {
            await tab.page.goto(consolePage.path(ctx));
            await consolePage.ready(tab.page);
            await consolePage.act?.(tab.page);
            const where = `${consolePage.name} (${theme}, ${viewport})`;
            for (const violation of await seriousA11yViolations(tab.page)) failures.push(`${where}: ${violation}`);
            const width = (await tab.page.evaluate('document.documentElement.scrollWidth')) as number;
            if (width > VIEWPORTS[viewport].width) failures.push(`${where}: the page is ${width} px wide, wider than the screen`);
            for (const problem of tab.problems()) failures.push(`${where}: ${problem}`);
            await saveScreenshot(tab.page, `${consolePage.name}.${theme}.${viewport}`);
          } finally {
            await tab.close();
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
