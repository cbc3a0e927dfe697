import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import OpenAI from 'openai';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatUsd, parseUsdNano, sumUsd } from '../../web/src/lib/money.js';
import { seriousA11yViolations } from './harness/axe.js';
import { describeInBrowser, launchBrowser, openTab, type ConsoleBrowser } from './harness/browser.js';
import { expectText, expectVisible } from './harness/expect-page.js';
import { startConsoleGateway, type ConsoleGateway, type ConsolePerson } from './harness/gateway.js';
import { personApi, type PersonApi } from './harness/person-api.js';

interface BalanceBody {
  readonly available_usd: string;
  readonly balance_usd: string;
  readonly unsettled_usd: string;
  readonly held_usd: string;
}

/** The text of a downloaded file, after the browser finished writing it. */
async function downloaded(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

/** Click a link that downloads, and return what the browser saved. */
async function download(page: Page, name: string): Promise<{ readonly file: Buffer; readonly suggested: string }> {
  const [event] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { file: await downloaded(event), suggested: event.suggestedFilename() };
}

/*
 * A billing admin's day: the balance card, a top-up through the manual provider confirmed by the
 * operator (the console shows the credit and the new balance without a reload), the month's
 * statement as a PDF that opens, and the transaction CSVs adding up to the ledger to the nano-USD.
 */
describeInBrowser('console billing (billing admin journey)', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;
  let billingAdmin: ConsolePerson;
  let asBillingAdmin: PersonApi;

  const balance = async (): Promise<BalanceBody> => (await asBillingAdmin('GET', `/api/orgs/${gateway.orgId}/billing/balance`)).body as BalanceBody;

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway({ TF_SETTLE_INTERVAL_MS: '100' }), launchBrowser()]);
    billingAdmin = await gateway.createPerson('billing_admin');
    asBillingAdmin = await personApi(gateway, billingAdmin);
    // Some usage, settled into the ledger, so the month has debits as well as credits.
    const client = new OpenAI({ baseURL: `${gateway.url}/v1`, apiKey: gateway.demoKey, maxRetries: 0 });
    for (let i = 0; i < 3; i++) await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: `hello ${i}` }] });
    // Logged, then settled: wait until the ledger holds all three requests and nothing is pending.
    const settled = async () => {
      const summary = (await asBillingAdmin('GET', `/api/orgs/${gateway.orgId}/billing/ledger-summary`)).body as { data: { kind: string; requests: number | null }[] };
      const requests = summary.data.filter((r) => r.kind === 'usage').reduce((n, r) => n + (r.requests ?? 0), 0);
      const now = await balance();
      return requests === 3 && now.unsettled_usd === '0.000000000' && now.held_usd === '0.000000000';
    };
    for (let wait = 0; wait < 150 && !(await settled()); wait++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await settled()).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  it('should top up through the manual provider and show the credit and new balance without a reload', async () => {
    const before = await balance();
    const tab = await openTab(browser, gateway, { as: billingAdmin });
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}/billing`);
    const card = page.getByRole('region', { name: 'Balance', exact: true });
    await expectText(card, formatUsd(before.available_usd));
    await expectText(card, formatUsd(before.balance_usd));

    // A marker on the window: a reload or a full navigation would lose it.
    await page.evaluate("window.journeyMarker = 'still here'");
    await page.getByRole('button', { name: 'Top up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Top up the balance' });
    await dialog.getByLabel('Amount (USD)').fill('0.50');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await expectText(dialog.getByText('A top-up is between'), 'A top-up is between 1.00 and 10000.00 USD.');
    await dialog.getByLabel('Amount (USD)').fill('25.00');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    const started = page.getByRole('dialog', { name: 'Top-up started' });
    await expectText(started, 'Waiting for payment');
    const checkoutUrl = await started.getByRole('link', { name: /Open the payment page/ }).getAttribute('href');
    expect(checkoutUrl).toMatch(/\/console\/top-ups\/pay_\w+$/);
    const paymentId = /pay_\w+$/.exec(checkoutUrl!)![0];

    // The payer's page: the console's look, the reference to quote, and the way back.
    const checkout = await tab.context.newPage();
    // The harness's gateway listens on a free port and has no TF_PUBLIC_URL: open the link's path on it.
    await checkout.goto(new URL(checkoutUrl!).pathname);
    await expectVisible(checkout.getByRole('heading', { name: 'Top-up', level: 1 }));
    await expectText(checkout.locator('dl'), new RegExp(`Reference\\s*${paymentId}\\s*Status\\s*Waiting for payment`));
    expect(await seriousA11yViolations(checkout)).toEqual([]);
    const back = await checkout.getByRole('link', { name: 'Back to billing in the console' }).getAttribute('href');
    expect(back).toBe(`/console/orgs/${gateway.orgId}/billing?tab=payments&payment=${paymentId}`);

    // The operator confirms the money arrived, through the documented operator route.
    const confirmed = (await gateway.operator('POST', `/api/payments/${paymentId}/confirm`)) as { receipt_number: string };
    expect(confirmed.receipt_number).toMatch(/^R-\d{6}-\d{6}$/);
    const after = formatUsd(sumUsd([before.available_usd, '25']));
    await expectText(started, `Credited to the balance, receipt ${confirmed.receipt_number}.`);
    await expectText(started, `Available balance now ${after}`);
    await started.getByRole('button', { name: 'Done' }).click();
    await expectText(card, after);
    expect(await page.evaluate('window.journeyMarker')).toBe('still here');

    // Back from the payer's page: the payment is followed, already paid, with its receipt in the list.
    await checkout.reload();
    await expectText(checkout.locator('dl'), /Status\s*Paid and credited/);
    await checkout.getByRole('link', { name: 'Back to billing in the console' }).click();
    await checkout.waitForURL(`**/console/orgs/${gateway.orgId}/billing?tab=payments&payment=${paymentId}`);
    await expectText(checkout.getByRole('region', { name: 'Your top-up' }), `Credited to the balance, receipt ${confirmed.receipt_number}.`);
    const row = checkout.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: paymentId });
    await expectText(row, 'Paid');
    await expectText(row, confirmed.receipt_number);
    expect(tab.problems()).toEqual([]);
    await tab.close();
  });

  it("should download the month's statement PDF and CSVs that add up to the ledger", async () => {
    const tab = await openTab(browser, gateway, { as: billingAdmin });
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}/billing?tab=ledger`);
    const totals = page.getByRole('table', { name: 'Ledger totals' });
    await expectVisible(totals);
    const api = (await asBillingAdmin('GET', `/api/orgs/${gateway.orgId}/billing/ledger-summary`)).body as { totals: { net: string; usage: string } };
    expect(parseUsdNano(api.totals.usage)).toBeLessThan(0n);
    await expectText(totals.locator('tfoot'), `Net change${formatUsd(api.totals.net)}`);

    for (const view of ['Summary', 'Detail'] as const) {
      const { file, suggested } = await download(page, `${view} CSV`);
      expect(suggested).toMatch(new RegExp(`^transactions-${view.toLowerCase()}-${gateway.orgId}-`));
      const rows = parse(file, { columns: true }) as { kind: string; amount_usd: string }[];
      expect(rows.some((r) => r.kind === 'usage') && rows.some((r) => r.kind === 'credit') && rows.some((r) => r.kind === 'grant')).toBe(true);
      // Exactly the ledger's net change over the month, to the last nano-USD.
      expect(sumUsd(rows.map((r) => r.amount_usd))).toBe(api.totals.net);
    }

    await page.getByRole('tab', { name: 'Statements' }).click();
    await expectVisible(page.getByRole('region', { name: /^Statement for / }));
    const statement = (await asBillingAdmin('GET', `/api/orgs/${gateway.orgId}/billing/statements/${new Date().toISOString().slice(0, 7)}`)).body as { closing_balance_usd: string; credits_total_usd: string };
    await expectText(page.getByRole('region', { name: /^Statement for / }), formatUsd(statement.closing_balance_usd));
    const { file, suggested } = await download(page, 'Download PDF');
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(suggested).toMatch(/\.pdf$/);
    const path = join(tmpdir(), `statement-${process.pid}.pdf`);
    await writeFile(path, file);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', path, '-']);
    expect(stdout).toContain('Demo');
    expect(stdout).toContain(statement.credits_total_usd);
    expect(stdout).toMatch(new RegExp(`Closing balance\\s+${statement.closing_balance_usd.replace('.', '\\.')}`));
    expect(tab.problems()).toEqual([]);
    await tab.close();
  });
});
