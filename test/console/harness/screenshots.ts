import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Where screenshots go: `screenshots/` at the repository root (gitignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../screenshots/', import.meta.url));

/** Save the whole page as `screenshots/<name>.png` and return the file's path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // A page scrolled by its last step (a focused Send button) would put its sticky header and sidebar
  // mid-image in a full-page capture; the whole page is captured from the top.
  await page.evaluate('window.scrollTo(0, 0)');
  // A full-page capture waits for Chromium to paint the whole page; with two browsers and their
  // gateways on two busy cores that once took longer than the context's 15 s (CI, 2026-11-25). The
  // picture is for people to read, not an assertion: a slow one is given a minute.
  await page.screenshot({ path, fullPage: true, animations: 'disabled', timeout: 60_000 });
  return path;
}
