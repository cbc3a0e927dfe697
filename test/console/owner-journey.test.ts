import OpenAI from 'openai';
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

  it('should open on the Overview: exact spend, requests and error rate, the spend chart, top and deprecated models, the balance alert', async () => {
    const openai = new OpenAI({ apiKey: gateway.demoKey, baseURL: `${gateway.url}/v1`, maxRetries: 0 });
    await openai.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] });
    await openai.chat.completions.create({ model: 'openai/gpt-3.5-turbo', messages: [{ role: 'user', content: 'Hello again' }] });
    await expect(openai.chat.completions.create({ model: 'no/such-model', messages: [{ role: 'user', content: 'Hi' }] })).rejects.toThrow();
    // Settled usage (the rollups) is what the page shows; wait until both billed requests are in.
    type Report = { totals: { requests: number; cost_usd: string } };
    await expect.poll(async () => ((await owner('GET', `/api/orgs/${gateway.orgId}/usage`)).body as Report).totals.requests, { timeout: 15_000 }).toBe(2);
    const spend = ((await owner('GET', `/api/orgs/${gateway.orgId}/usage`)).body as Report).totals.cost_usd;
    const logged = ((await owner('GET', `/api/projects/${gateway.projectId}/requests`)).body as { data: { cost_usd: string }[] }).data;
    expect(logged).toHaveLength(3);
    // An alert threshold above the demo balance is crossed at once.
    await owner('PATCH', `/api/orgs/${gateway.orgId}/billing/alerts`, { lowThresholdUsd: '50.00' });
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}`);
    await expectVisible(page.getByRole('heading', { name: 'Overview', level: 1 }));
    await expectText(page.getByTestId('balance-alert'), 'below the low threshold of $50.00');
    const exact = `$${spend.replace(/0+$/, '').replace(/\.(\d)$/, '.$10')}`;
    await expectText(page.getByText('Spend this month').locator('..'), exact);
    await expectText(page.getByText('Requests this month').locator('..'), /Requests this month\s*3/);
    await expectText(page.getByText('Error rate').locator('..'), /33\.3 %.*1 answered 400 or more/);
    await expectVisible(page.getByRole('img', { name: `Spend per day, ${exact} in total` }));
    await expectText(page.getByRole('list', { name: 'Series' }), `Default${exact}`);
    await expectText(page.getByTestId('deprecated-models'), /openai\/gpt-3\.5-turbo.*Deprecated.*sunset.*2027.*move to openai\/gpt-4o-mini.*1 request$/);
    // Stacked by model: the URL says so, and the legend lists both models.
    await page.getByLabel('Stack by').selectOption('model');
    await page.waitForURL(/by=model/);
    await expectText(page.getByRole('list', { name: 'Series' }), /openai\/gpt-4o-mini.*openai\/gpt-3\.5-turbo|openai\/gpt-3\.5-turbo.*openai\/gpt-4o-mini/);
    expect(tab.problems()).toEqual([]);
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

  it('should restrict project access, and a developer then sees only the projects they are a member of', async () => {
    const { page } = tab;
    const search = (await owner('POST', `/api/orgs/${gateway.orgId}/projects`, { name: 'Search' })).body as { id: string };
    const developer = await gateway.createPerson('developer', { name: 'Rae' });
    await page.goto(`/console/orgs/${gateway.orgId}/settings`);
    await page.getByRole('radio', { name: /^Restricted/ }).check();
    await expectText(page.getByRole('status').or(page.getByText('Project access is now restricted.')), 'restricted');
    expect(((await owner('GET', `/api/orgs/${gateway.orgId}`)).body as { project_access: string }).project_access).toBe('restricted');
    // Rae becomes a member of Search only, from that project's settings page.
    await page.goto(`/console/orgs/${gateway.orgId}/projects/${search.id}/settings`);
    await expectText(page.getByTestId('project-access-note'), 'Project access is restricted');
    await page.getByLabel('Organization member').selectOption({ label: `Rae (${developer.email})` });
    await page.getByLabel('Project role').selectOption('developer');
    await page.getByRole('button', { name: 'Add to project' }).click();
    await expectVisible(page.getByRole('table', { name: 'Project members' }).getByRole('row', { name: /Rae/ }));
    // Signed in as Rae: the project switcher and the projects list hold Search, not Default.
    const rae = await openTab(browser, gateway, { as: developer });
    await rae.page.goto(`/console/orgs/${gateway.orgId}/settings`);
    const projects = rae.page.getByRole('table', { name: 'Projects' });
    await expectVisible(projects.getByRole('link', { name: 'Search' }));
    expect(await projects.getByRole('link', { name: 'Default' }).count()).toBe(0);
    await rae.page.goto(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}/settings`);
    await expectVisible(rae.page.getByText('Nothing here'));
    // And a developer sees no control they cannot use on the settings page.
    await rae.page.goto(`/console/orgs/${gateway.orgId}/settings`);
    await expectVisible(rae.page.getByRole('heading', { name: 'Allowed models' }));
    expect(await rae.page.getByRole('button', { name: /Rename|Create project|Create alias|Save allowed models/ }).count()).toBe(0);
    expect(await rae.page.getByRole('radio', { name: /^Restricted/ }).isDisabled()).toBe(true);
    await rae.close();
  });

  it('should set allowed models, saying that empty means every model', async () => {
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}/settings`);
    const summary = page.getByTestId('allowed-models-summary');
    await expectText(summary, 'Every model in the catalogue is allowed');
    await page.getByLabel('Add a model').fill('openai/gpt-4o-mini');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByLabel('Add a model').fill('no/such-model');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Save allowed models' }).click();
    // The API refuses an id that is not in the catalogue, in words.
    await expectText(page.getByRole('alert'), 'no/such-model');
    await page.getByRole('button', { name: 'Remove no/such-model' }).click();
    await page.getByRole('button', { name: 'Save allowed models' }).click();
    await expectText(summary, 'Only these 1 model is allowed');
    // The summary shows the unsaved list as well: the toast says the save is done. Exact, since
    // the toast's screen-reader announcement ("Notification 1 allowed model saved.") holds it too.
    await expectVisible(page.getByText('1 allowed model saved.', { exact: true }));
    expect(((await owner('GET', `/api/orgs/${gateway.orgId}`)).body as { allowed_models: string[] }).allowed_models).toEqual(['openai/gpt-4o-mini']);
  });

  it('should create an organization alias and show what it resolves to', async () => {
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}/settings`);
    await page.getByRole('button', { name: 'Create alias' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an alias' });
    await dialog.getByLabel('Alias name').fill('fast');
    await dialog.getByLabel('Stands for').fill('openai/gpt-4o-mini@2024-07-18');
    await dialog.getByRole('button', { name: 'Create alias' }).click();
    const row = page.getByRole('table', { name: 'Organization aliases' }).getByRole('row', { name: /fast/ });
    await expectText(row, /openai\/gpt-4o-mini@2024-07-18.*catalogue model with @2024-07-18/);
    // A project alias pointing at it resolves through it.
    await page.goto(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}/settings`);
    await page.getByRole('button', { name: 'Create alias' }).click();
    await dialog.getByLabel('Alias name').fill('default-chat');
    await dialog.getByLabel('Stands for').fill('fast');
    await dialog.getByRole('button', { name: 'Create alias' }).click();
    await expectText(page.getByRole('table', { name: 'Project aliases' }).getByRole('row', { name: /default-chat/ }), 'Organization alias fast, which stands foropenai/gpt-4o-mini@2024-07-18');
  });

  it('should set limits and a budget, with no limit and blocked told apart', async () => {
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}/settings`);
    const rpm = page.getByTestId('limit-rpm');
    await expectText(rpm, 'No limit');
    await rpm.getByRole('radio', { name: 'Limit to' }).check();
    await rpm.getByLabel('Requests per minute limit').fill('120');
    await rpm.getByRole('button', { name: 'Save requests per minute' }).click();
    await expectText(rpm, /Limited.*120 \/ min/);
    const budget = page.getByTestId('limit-budget_usd');
    await budget.getByRole('radio', { name: 'Limit to' }).check();
    await budget.getByLabel('Monthly budget limit').fill('0');
    await budget.getByRole('button', { name: 'Save monthly budget' }).click();
    await expectText(budget, /Blocked.*Blocked \(0\).*every request is refused/);
    const tpm = page.getByTestId('limit-tpm');
    await expectText(tpm, /No limit.*Unlimited/);
    expect((await owner('GET', `/api/projects/${gateway.projectId}/limits`)).body).toMatchObject({ rpm: 120, tpm: null, budget_usd: '0.000000000' });
    expect(tab.problems()).toEqual([]);
  });

  it('should show each of those changes in the Audit log page, filterable in the URL, with before and after', async () => {
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}/audit-log`);
    const log = page.getByRole('table', { name: 'Audit log' });
    for (const what of ['Invited someone', 'Revoked an invite', 'Changed a member’s role', 'Removed a member', 'Changed project access', 'Added a project member', 'Changed allowed models', 'Created an alias', 'Changed project rate limits', 'Changed a project budget']) {
      await expectVisible(log.getByRole('button', { name: what }).first());
    }
    // Filter by action: the URL holds it, and a reload shows the same view.
    await page.getByLabel('Action').selectOption('project_limits.update');
    await page.waitForURL(/action=project_limits\.update/);
    await expectHidden(log.getByRole('button', { name: 'Created an alias' }));
    await page.reload();
    await expectVisible(log.getByRole('button', { name: 'Changed project rate limits' }));
    expect(await log.getByRole('button', { name: 'Created an alias' }).count()).toBe(0);
    // The entry opens with the change, field by field.
    await log.getByRole('button', { name: 'Changed project rate limits' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Changed project rate limits' });
    await expectText(dialog.getByRole('row', { name: /rpm/ }), /rpm\s*Changed\s*null\s*120/);
    await expectText(dialog, 'Demo owner (owner@demo.local)');
    await page.waitForURL(/entry=aud_/);
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    // By person: Rae made no change; the empty state says so.
    await page.getByLabel('Action').selectOption('');
    const rae = ((await owner('GET', `/api/orgs/${gateway.orgId}/members?limit=100`)).body as { data: { user_id: string; name: string }[] }).data.find((m) => m.name === 'Rae')!;
    await page.getByLabel('Who').selectOption(rae.user_id);
    await expectVisible(page.getByText('No entry matches these filters'));
    // A range that ends before today holds nothing either.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('To (inclusive)').fill('2020-01-01');
    await expectVisible(page.getByText('No entry matches these filters'));
    // A link to any entry opens it, even one the page has not loaded (here, outside the URL's filters).
    const aliasEntry = ((await owner('GET', `/api/orgs/${gateway.orgId}/audit-log?action=model_alias.create&limit=1`)).body as { data: { id: string }[] }).data[0]!;
    await page.goto(`/console/orgs/${gateway.orgId}/audit-log?action=project_limits.update&entry=${aliasEntry.id}`);
    const linked = page.getByRole('dialog', { name: 'Created an alias' });
    await expectText(linked, 'Demo owner (owner@demo.local)');
    await page.keyboard.press('Escape');
    await expectHidden(linked);
    await expectVisible(log.getByRole('button', { name: 'Changed project rate limits' }).first());
    expect(await log.getByRole('button', { name: 'Created an alias' }).count()).toBe(0);
    // An id that names no entry says so, in words.
    await page.goto(`/console/orgs/${gateway.orgId}/audit-log?entry=aud_0000000000000000000000000`);
    await expectVisible(page.getByText("Could not open entry aud_0000000000000000000000000. No audit entry 'aud_0000000000000000000000000' in this organization."));
    expect(tab.problems()).toEqual([]);
  });
});
