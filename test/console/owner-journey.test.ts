import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, openTab, type ConsoleBrowser, type ConsoleTab } from './harness/browser.js';
import { expectHidden, expectText, expectVisible } from './harness/expect-page.js';
import { startConsoleGateway, type ConsoleGateway } from './harness/gateway.js';
import { personApi, type PersonApi } from './harness/person-api.js';

/*
 * The owner's journey (issue 14): invite a member, change and remove roles, restrict project
 * access, set allowed models, create an alias, set limits; then each change is in the Audit log
 * page. Runs in order on one gateway: each step builds on the one before.
 */
describeInBrowser('console owner journey', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;
  let owner: PersonApi;
  let tab: ConsoleTab;

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway(), launchBrowser()]);
    owner = await personApi(gateway, gateway.owner);
    tab = await openTab(browser, gateway, { as: gateway.owner });
  });
  afterAll(async () => {
    await tab?.close();
    await browser?.close();
    await gateway?.close();
  });

  it('should invite a member, show the link once, and let the invite be revoked', async () => {
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}/members`);
    await expectVisible(page.getByRole('heading', { name: 'Members', level: 1 }));
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone to Demo' });
    await dialog.getByLabel('Email').fill('dana@e2e.test');
    await dialog.getByLabel('Role').selectOption('viewer');
    await expectText(dialog.getByText(/^Reads the projects/), 'changes nothing');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    const link = await page.getByTestId('invite-url').textContent();
    expect(link).toMatch(/\/console\/invite#tf_inv_\w+$/);
    await page.getByRole('button', { name: 'Done' }).click();
    const invites = page.getByRole('table', { name: 'Invites' });
    const row = invites.getByRole('row', { name: /dana@e2e\.test/ });
    await expectText(row, /Viewer.*Pending/);
    // The invite is real: the link's token looks up this organization, email and role.
    const token = new URL(link!).hash.slice(1);
    const lookup = await owner('POST', '/api/invites/lookup', { token });
    expect(lookup.body).toMatchObject({ org_id: gateway.orgId, email: 'dana@e2e.test', role: 'viewer' });
    // A second invite, revoked from the page: its link no longer works.
    await page.getByRole('button', { name: 'Invite member' }).click();
    await dialog.getByLabel('Email').fill('eli@e2e.test');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    const eliToken = new URL((await page.getByTestId('invite-url').textContent())!).hash.slice(1);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Revoke the invite of eli@e2e.test' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke invite' }).click();
    await expectText(invites.getByRole('row', { name: /eli@e2e\.test/ }), 'Revoked');
    expect((await owner('POST', '/api/invites/lookup', { token: eliToken })).status).toBe(404);
  });

  it("should change and remove roles, and say in words why the last owner stays", async () => {
    const { page } = tab;
    const developer = await gateway.createPerson('developer', { name: 'Devon' });
    await page.goto(`/console/orgs/${gateway.orgId}/members`);
    const role = page.getByLabel('Role of Devon');
    await expectVisible(role);
    await role.selectOption('admin');
    await expect.poll(async () => ((await owner('GET', `/api/orgs/${gateway.orgId}/members`)).body as { data: { email: string; role: string }[] }).data.find((m) => m.email === developer.email)?.role).toBe('admin');
    // The only owner cannot be demoted: the API's reason is shown next to the picker.
    await page.getByLabel('Role of Demo owner').selectOption('viewer');
    await expectText(page.getByRole('alert'), 'An organization keeps at least one owner');
    await page.getByRole('button', { name: 'Remove Devon' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
    await expectHidden(page.getByRole('row', { name: /Devon/ }));
    expect(tab.problems()).toEqual([]);
  });
});
