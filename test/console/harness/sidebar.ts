import type { Page } from 'playwright-core';
import { expectVisible } from './expect-page.js';

/** The sidebar's page links, in order, by their visible label (placeholders' "soon" mark left out). */
export async function sidebarPages(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expectVisible(nav.getByRole('heading', { name: 'Organization' }));
  const labels = await nav.getByRole('link').evaluateAll((links) => links.map((link) => (link.firstElementChild?.nextElementSibling?.textContent ?? '').trim()));
  return labels.filter((label) => label !== '');
}
