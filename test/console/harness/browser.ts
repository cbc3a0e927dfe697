import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe, it } from 'vitest';
import type { ConsoleGateway, ConsolePerson } from './gateway.js';
import { IN_CI } from '../../../src/testing/in-ci.js';

/** Debian's Chromium; never a downloaded browser. `.ci/run` installs it when missing. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const SKIP_REASON = `Browser tests skipped: ${CHROMIUM_PATH} is missing (apt-get install -y chromium).`;
let skipAnnounced = false;

/** A browser suite: skipped with a printed reason when Chromium is absent, and failing in CI instead. */
export function describeInBrowser(name: string, body: () => void): void {
  if (existsSync(CHROMIUM_PATH)) {
    describe(name, body);
    return;
  }
  if (IN_CI) throw new Error(`${SKIP_REASON} CI must run the browser tests.`);
  if (!skipAnnounced) console.warn(SKIP_REASON);
  skipAnnounced = true;
  it.skip(`${name}: ${SKIP_REASON}`, () => undefined);
}

/** A headless Chromium with a fresh profile, started the same way everywhere. */
export interface ConsoleBrowser {
  readonly browser: Browser;
  close(): Promise<void>;
}

/** Launch Debian's Chromium headless and offline-friendly, with a fresh profile. */
export async function launchBrowser(): Promise<ConsoleBrowser> {
  // launch() starts Chromium on a fresh temporary --user-data-dir of its own and deletes it on
  // close (Playwright refuses that flag from callers).
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return { browser, close: () => browser.close() };
}

/** Screen sizes the console is checked at. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  /** The narrowest width with the sidebar: a small laptop, where a table has the least room. */
  laptop: { width: 1024, height: 768 },
  /** An iPad held upright: the narrowest width where tables are tables, not cards. */
  tablet: { width: 768, height: 1024 },
  /** A phone turned sideways: below 768 px the lists are cards, as on a phone held upright. */
  landscape: { width: 667, height: 375 },
  phone: { width: 375, height: 740 },
} as const;

/** A browser tab on the console, recording what should never happen (uncaught errors, CSP violations). */
export interface ConsoleTab {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Uncaught page errors and Content-Security-Policy violations seen so far. */
  problems(): string[];
  close(): Promise<void>;
}

/** Options of {@link openTab}. */
export interface OpenTabOptions {
  readonly viewport?: keyof typeof VIEWPORTS;
  /** The operating system's colour scheme (the console follows it unless a theme is chosen). */
  readonly colorScheme?: 'light' | 'dark';
  /** Sign this person in (through the API) before anything loads, or reuse a session cookie's value. */
  readonly as?: ConsolePerson | { readonly session: string };
}

/** Open a tab (its own cookie jar and storage) on a gateway. */
export async function openTab(browser: ConsoleBrowser, gateway: ConsoleGateway, options: OpenTabOptions = {}): Promise<ConsoleTab> {
  const context = await browser.browser.newContext({
    baseURL: gateway.url,
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    colorScheme: options.colorScheme ?? 'light',
    // The console honours prefers-reduced-motion (animations end at once), so tests and axe see
    // settled pages: a dialog or toast fading in or out has text at part opacity, which axe reads
    // as low contrast whenever a check lands mid-animation.
    reducedMotion: 'reduce',
    timezoneId: 'Europe/Berlin',
    locale: 'en-US',
  });
  context.setDefaultTimeout(15_000);
  if (options.as) {
    const value = 'session' in options.as ? options.as.session : await sessionCookie(gateway, options.as);
    await context.addCookies([{ name: 'tf_session', value, url: gateway.url }]);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  return { page, context, problems: () => [...problems], close: () => context.close() };
}

/** Sign a person in through the API and return the `tf_session` cookie's value. */
export async function sessionCookie(gateway: ConsoleGateway, person: ConsolePerson): Promise<string> {
  const res = await fetch(`${gateway.url}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(person),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${person.email} answered ${res.status}: ${await res.text()}`);
  const cookie = /tf_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '');
  if (!cookie) throw new Error('sign-in set no tf_session cookie');
  return cookie[1]!;
}
