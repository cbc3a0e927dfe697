import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriousA11yViolations } from './harness/axe.js';
import { describeInBrowser, launchBrowser, openTab, sessionCookie, VIEWPORTS, type ConsoleBrowser, type ConsoleTab } from './harness/browser.js';
import { CONSOLE_PAGES, type PageContext } from './harness/console-pages.js';
import { startConsoleGateway, type ConsoleGateway } from './harness/gateway.js';
import { personApi } from './harness/person-api.js';
import { saveScreenshot, SCREENSHOT_DIR } from './harness/screenshots.js';
import { sendTraffic } from './harness/traffic.js';

const THEMES = ['light', 'dark'] as const;
/** Widths below 768 px, where the lists of CARDS_ON_PHONE are cards. */
const CARD_WIDTHS = new Set<keyof typeof VIEWPORTS>(['landscape', 'phone']);
/** Tables that are a list of cards below 768 px (DataTable's stackOnPhone); the others may scroll sideways there. */
const CARDS_ON_PHONE = new Set(['API keys', 'Members', 'Invites', 'Project members', 'Payments', 'Requests', 'Deliveries', 'Organization aliases', 'Project aliases', 'Access tokens', 'Notifications', 'Ledger', 'Models', 'Audit log']);

/*
 * Every page of harness/console-pages.ts, light and dark, at 1280 and 375 px: no serious or
 * critical axe-core violation, no CSP violation or uncaught error, nothing wider than the screen,
 * at 1280 px no table wider than its frame (at 375 px, none shown as cards), and a screenshot of
 * each in screenshots/ (`npm run screenshots` runs just this file). At 1024 px (a small laptop),
 * 768 px (a tablet) and 667 px (a phone sideways), light only (the theme changes no width), the
 * same width checks: the tables fit down to 768 px, and below it the lists that are cards fit.
 */
describeInBrowser('every console page', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;
  let ctx: PageContext;
  let ownerSession: string;
  // One tab per person, theme and width, reused from page to page (a new tab costs more than the check).
  const tabs = new Map<string, ConsoleTab>();

  async function tabFor(as: 'owner' | 'anonymous', theme: 'light' | 'dark', viewport: keyof typeof VIEWPORTS): Promise<ConsoleTab> {
    const key = `${as}.${theme}.${viewport}`;
    let tab = tabs.get(key);
    if (!tab) {
      tab = await openTab(browser, gateway, { colorScheme: theme, viewport, ...(as === 'owner' ? { as: { session: ownerSession } } : {}) });
      tabs.set(key, tab);
    }
    return tab;
  }

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway(), launchBrowser()]);
    const owner = await personApi(gateway, gateway.owner);
    const invite = (await owner('POST', `/api/orgs/${gateway.orgId}/invites`, { email: 'screenshot@e2e.test', role: 'developer' })).body as { url: string };
    // A long address and role, as a company's invites have: the widest row the Invites table must fit.
    await owner('POST', `/api/orgs/${gateway.orgId}/invites`, { email: 'alexandra.whitmore@northwind.example', role: 'billing_admin' });
    const url = new URL(invite.url);
    // Requests for the request log and usage pages, made with the demo key and settled.
    const [request] = await sendTraffic(gateway, gateway.demoKey);
    ctx = { gateway, invitePath: `${url.pathname}${url.hash}`, requestId: request!.id };
    // Something to list: tokens, and notifications from balance alerts above the demo balance.
    for (const name of ['CI deploy', 'Nightly export', 'Grafana']) await owner('POST', '/api/me/access-tokens', { name });
    await owner('PATCH', `/api/orgs/${gateway.orgId}/billing/alerts`, { lowThresholdUsd: '20.00', criticalThresholdUsd: '15.00' });
    // Usage for the Overview's chart: two requests with the demo key, one to a deprecated model.
    for (const model of ['openai/gpt-4o-mini', 'openai/gpt-3.5-turbo']) {
      const res = await fetch(`${gateway.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${gateway.demoKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Hello' }] }) });
      expect(res.status).toBe(200);
    }
    // Settings worth seeing: an alias, an allowed model, a blocked and an open limit.
    await owner('POST', `/api/orgs/${gateway.orgId}/model-aliases`, { name: 'fast', target: 'openai/gpt-4o-mini' });
    await owner('PUT', `/api/orgs/${gateway.orgId}/allowed-models`, { models: ['openai/gpt-4o-mini', 'openai/gpt-4o'] });
    await owner('PATCH', `/api/projects/${gateway.projectId}/limits`, { rpm: 600, tpm: 0 });
    ownerSession = await sessionCookie(gateway, gateway.owner);
  });
  afterAll(async () => {
    for (const tab of tabs.values()) await tab.close();
    await browser?.close();
    await gateway?.close();
    console.info(`Screenshots of every console page: ${SCREENSHOT_DIR}`);
  });

  for (const consolePage of CONSOLE_PAGES) {
    it(`should pass axe and fit the screen: ${consolePage.name}`, { timeout: 120_000 }, async () => {
      const failures: string[] = [];
      for (const theme of THEMES) {
        for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
          if (viewport !== 'desktop' && viewport !== 'phone' && theme === 'dark') continue;
          // Signing out ends the session it runs in: that page gets a session and a tab of its own.
          const own = consolePage.as === 'own-session';
          const tab = own ? await openTab(browser, gateway, { colorScheme: theme, viewport, as: gateway.owner }) : await tabFor(consolePage.as === 'owner' ? 'owner' : 'anonymous', theme, viewport);
          const seen = tab.problems().length;
          try {
            await tab.page.goto(consolePage.path(ctx));
            await consolePage.ready(tab.page);
            await consolePage.act?.(tab.page);
            const where = `${consolePage.name} (${theme}, ${viewport})`;
            // axe at 1280 and 375 px only: the layouts between them add widths to check, not markup.
            if (viewport === 'desktop' || viewport === 'phone') for (const violation of await seriousA11yViolations(tab.page)) failures.push(`${where}: ${violation}`);
            const width = (await tab.page.evaluate('document.documentElement.scrollWidth')) as number;
            if (width > VIEWPORTS[viewport].width) failures.push(`${where}: the page is ${width} px wide, wider than the screen`);
            // From 768 px up every table fits its frame: no column starts cut off behind a sideways
            // scroll (1 px for rounding). Below it, so do the tables shown as cards there.
            const frames = (await tab.page.evaluate("[...document.querySelectorAll('table')].map((t) => [t.getAttribute('aria-label'), t.parentElement.scrollWidth, t.parentElement.clientWidth])")) as [string | null, number, number][];
            for (const [label, scroll, client] of frames) {
              if (CARD_WIDTHS.has(viewport) && !CARDS_ON_PHONE.has(label ?? '')) continue;
              if (scroll > client + 1) failures.push(`${where}: the table "${label ?? '(no label)'}" is ${scroll} px wide in a frame of ${client} px, it scrolls sideways`);
            }
            for (const problem of tab.problems().slice(seen)) failures.push(`${where}: ${problem}`);
            await saveScreenshot(tab.page, `${consolePage.name}.${theme}.${viewport}`);
          } finally {
            if (own) await tab.close();
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
