import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, openTab, type ConsoleBrowser } from './harness/browser.js';
import { expectText, expectVisible } from './harness/expect-page.js';
import { startConsoleGateway, type ConsoleGateway, type ConsolePerson } from './harness/gateway.js';
import { personApi, type PersonApi } from './harness/person-api.js';

describeInBrowser('console invite page', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;
  let owner: PersonApi;

  /** Invite an email to the demo organization; the path of the link the inviter passes on (no SMTP here). */
  async function invite(email: string, role = 'developer'): Promise<string> {
    const created = await owner('POST', `/api/orgs/${gateway.orgId}/invites`, { email, role });
    expect(created.status).toBe(201);
    const url = new URL((created.body as { url: string }).url);
    expect(url.hash).toMatch(/^#tf_inv_\w+$/);
    return `${url.pathname}${url.hash}`;
  }

  /** Someone with an account (their own personal organization) who is not in the demo organization. */
  async function signUp(label: string): Promise<ConsolePerson> {
    const person = { email: `${label}-${Date.now()}@e2e.test`, password: 'a long enough password' };
    const res = await fetch(`${gateway.url}/api/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ ...person, name: label }),
    });
    expect(res.status).toBe(201);
    return person;
  }

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway(), launchBrowser()]);
    owner = await personApi(gateway, gateway.owner);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  it("should let a new person choose a name and password (the server's rules, in words) and join", async () => {
    const link = await invite('newcomer@e2e.test', 'viewer');
    const tab = await openTab(browser, gateway);
    const { page } = tab;
    await page.goto(link);
    await expectVisible(page.getByRole('heading', { name: 'Join Demo' }));
    await expectText(page.locator('dl'), /OrganizationDemoRoleViewerFornewcomer@e2e\.test/);
    await page.getByLabel('Your name').fill('Newcomer');
    await page.getByLabel('Choose a password').fill('short');
    await page.getByRole('button', { name: 'Create account and join Demo' }).click();
    await expectText(page.getByText('Use at least 10 characters.'), 'Use at least 10 characters.');
    await page.getByLabel('Choose a password').fill('a password of my own');
    await page.getByRole('button', { name: 'Create account and join Demo' }).click();
    await page.waitForURL(`**/console/orgs/${gateway.orgId}`);
    await expectVisible(page.getByRole('button', { name: /^Organization: Demo Viewer — switch organization$/ }));
    // The link is single use.
    await page.goto(link);
    await expectText(page.getByRole('alert'), 'This invite link is unknown, used, revoked or expired; ask for a new one.');
    expect(tab.problems()).toEqual([]);
    await tab.close();
    // The account has the password chosen on the page.
    const res = await fetch(`${gateway.url}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email: 'newcomer@e2e.test', password: 'a password of my own' }),
    });
    expect(res.status).toBe(200);
  });

  it("should ask an existing account for its password when nobody is signed in", async () => {
    const person = await signUp('existing');
    const link = await invite(person.email);
    const tab = await openTab(browser, gateway);
    const { page } = tab;
    await page.goto(link);
    const password = page.getByLabel(`Password of ${person.email}`);
    await password.fill('not my password');
    await page.getByRole('button', { name: 'Sign in and join Demo' }).click();
    await expectText(page.getByRole('alert'), 'The email or password is wrong.');
    await password.fill(person.password);
    await page.getByRole('button', { name: 'Sign in and join Demo' }).click();
    await page.waitForURL(`**/console/orgs/${gateway.orgId}`);
    await expectText(page.getByRole('button', { name: /^Organization: Demo / }), 'Developer');
    await tab.close();
  });

  it('should refuse someone signed in as another account, and let them sign out to accept', async () => {
    const invited = await signUp('invited');
    const other = await signUp('other');
    const link = await invite(invited.email);
    const tab = await openTab(browser, gateway, { as: other });
    const { page } = tab;
    await page.goto(link);
    await expectText(page.getByRole('alert'), `This invite is for ${invited.email}, but you are signed in as ${other.email}.`);
    await page.getByRole('button', { name: `Sign out of ${other.email}` }).click();
    await expectVisible(page.getByLabel(`Password of ${invited.email}`));
    await tab.close();
  });

  it('should let the invited person, signed in, join with one click', async () => {
    const invited = await signUp('signedin');
    const link = await invite(invited.email, 'auditor');
    const tab = await openTab(browser, gateway, { as: invited });
    const { page } = tab;
    await page.goto(link);
    await expectText(page.getByText('You are signed in as'), invited.email);
    await page.getByRole('button', { name: 'Join Demo' }).click();
    await page.waitForURL(`**/console/orgs/${gateway.orgId}`);
    await expectText(page.getByRole('button', { name: /^Organization: Demo / }), 'Auditor');
    await tab.close();
  });

  it('should list members and invites as cards at 375 px, every control on the screen, and change a role there', async () => {
    const member = await gateway.createPerson('developer', { name: 'Phone Member' });
    await invite('phone-invitee@e2e.test', 'viewer');
    const tab = await openTab(browser, gateway, { as: gateway.owner, viewport: 'phone' });
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}/members`);
    const role = page.getByRole('combobox', { name: 'Role of Phone Member' });
    const revoke = page.getByRole('button', { name: 'Revoke the invite of phone-invitee@e2e.test' });
    await expectVisible(role);
    await expectVisible(revoke);
    // Nothing starts cut off: the tables do not scroll sideways, and their controls lie within the screen.
    for (const name of ['Members', 'Invites']) {
      const frame = page.getByRole('table', { name }).locator('xpath=..');
      expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    }
    for (const control of [role, revoke, page.getByRole('button', { name: 'Remove Phone Member' })]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    // Each value is named by its column.
    await expectText(page.getByRole('row').filter({ hasText: 'phone-invitee@e2e.test' }).getByRole('cell').first(), 'phone-invitee@e2e.test');
    expect(await page.getByRole('row').filter({ hasText: 'phone-invitee@e2e.test' }).getByRole('cell').first().getAttribute('data-label')).toBe('Email');
    await role.selectOption('viewer');
    await expect.poll(async () => ((await owner('GET', `/api/orgs/${gateway.orgId}/members`)).body as { data: { email: string; role: string }[] }).data.find((m) => m.email === member.email)?.role).toBe('viewer');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    // The project's members the same way.
    const userId = ((await owner('GET', `/api/orgs/${gateway.orgId}/members`)).body as { data: { user_id: string; email: string }[] }).data.find((m) => m.email === member.email)!.user_id;
    expect((await owner('POST', `/api/projects/${gateway.projectId}/members`, { user_id: userId, role: 'developer' })).status).toBe(201);
    await page.goto(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}/settings`);
    const projectRole = page.getByRole('combobox', { name: 'Project role of Phone Member' });
    await expectVisible(projectRole);
    expect(await page.getByRole('table', { name: 'Project members' }).locator('xpath=..').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const box = (await projectRole.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(tab.problems()).toEqual([]);
    await tab.close();
  });

  it('should say so when the link holds no invite', async () => {
    const tab = await openTab(browser, gateway);
    await tab.page.goto('/console/invite');
    await expectText(tab.page.getByRole('alert'), 'This link holds no invite.');
    await tab.close();
  });
});
