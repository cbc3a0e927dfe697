import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Assertions that wait, like a person looking at the screen: they retry until the page shows the
 * expected state or the timeout passes (vitest's `expect.poll` over Playwright locators).
 */

const WAIT = { timeout: 15_000, interval: 100 };

/** Wait until the element is visible. */
export async function expectVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: WAIT.timeout });
}

/** Wait until no element matches (or none is visible). */
export async function expectHidden(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout: WAIT.timeout });
}

/** Wait until the element's text contains `expected` (a string) or matches it (a pattern). */
export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  try {
    await expect.poll(async () => ((await locator.count()) === 0 ? '' : ((await locator.first().textContent()) ?? '')), WAIT).toMatch(expected);
  } catch (error) {
    // A page that shows an error instead says why in its alerts: put them in the failure.
    const alerts = await locator.page().getByRole('alert').allTextContents().catch(() => []);
    if (error instanceof Error && alerts.length > 0) error.message += `\nAlerts on the page: ${alerts.join(' | ')}`;
    throw error;
  }
}

/** Wait until an attribute has a value (null: absent). */
export async function expectAttribute(locator: Locator, name: string, expected: string | null): Promise<void> {
  await expect.poll(() => locator.getAttribute(name), WAIT).toBe(expected);
}

/** Wait until a button or input is disabled (or enabled). */
export async function expectDisabled(locator: Locator, disabled = true): Promise<void> {
  await expect.poll(() => locator.isDisabled(), WAIT).toBe(disabled);
}
