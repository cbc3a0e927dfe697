import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { abilitiesOf } from '../../src/auth/authorize.js';
import { ORG_ROLE_PERMISSIONS, ORG_ROLES, PROJECT_ROLE_PERMISSIONS, PROJECT_ROLES, type OrgRole, type Permission, type ProjectRole } from '../../src/auth/permissions.js';
import { organizationPolicy, type OrganizationAction } from '../../src/auth/policies/organization.js';
import { projectPolicy, type ProjectAction } from '../../src/auth/policies/project.js';
import { describeInBrowser, launchBrowser, openTab, type ConsoleBrowser } from './harness/browser.js';
import { expectVisible } from './harness/expect-page.js';
import { startConsoleGateway, type ConsoleGateway, type ConsolePerson } from './harness/gateway.js';
import { personApi, type PersonApi } from './harness/person-api.js';
import { sidebarPages } from './harness/sidebar.js';

/** A page of the sidebar and the ability that lists it (web/src/features/shell/navigation.ts, `allowed`). */
interface NavPage<Action> {
  readonly label: string;
  /** Path under `/console/orgs/{orgId}` (organization pages). */
  readonly path?: string;
  readonly ability: Action;
}

/* The sidebar in order: which page needs which ability is the page's spec; who has it is the table's. */
const ORG_PAGES: readonly NavPage<OrganizationAction>[] = [
  { label: 'Overview', path: '', ability: 'read' },
  { label: 'Models', path: '/models', ability: 'read' },
  { label: 'Usage', path: '/usage', ability: 'read_usage' },
  { label: 'Members', path: '/members', ability: 'read' },
  { label: 'Billing', path: '/billing', ability: 'read_billing' },
  { label: 'Webhooks', path: '/webhooks', ability: 'manage_webhooks' },
  { label: 'Audit log', path: '/audit-log', ability: 'read_audit_log' },
  { label: 'Settings', path: '/settings', ability: 'read' },
];
const PROJECT_PAGES: readonly NavPage<ProjectAction>[] = [
  { label: 'Playground', ability: 'use_playground' },
  { label: 'API keys', ability: 'read' },
  { label: 'Request log', ability: 'read_requests' },
  { label: 'Usage', ability: 'read_usage' },
  { label: 'Settings', ability: 'read' },
];

/** A page with write controls, and the permission that opens it (without it the page says so). */
interface ControlPage {
  /** `org`: under `/console/orgs/{orgId}`; `project`: under `.../projects/{projectId}`. */
  readonly scope: 'org' | 'project';
  /** Path (and query) under the scope. */
  readonly path: string;
  /** The page's level-1 heading. */
  readonly heading: string;
  /** What opens the page (web/src/features/<page>, its NoAccessPage guard). */
  readonly opens: Permission;
}

/** A write control: how a person finds it (accessible role and name) and the permission it needs. */
interface Control {
  readonly role: 'button' | 'link' | 'combobox' | 'radio';
  readonly name: string;
  readonly needs: Permission;
  /** `shown` (default): present only with the permission; `enabled`: always shown, usable only with it. */
  readonly check?: 'shown' | 'enabled';
}

/** Objects the controls act on, made by the owner before the matrix runs. */
const TARGET = { name: 'Matrix Target', owner: 'Matrix Owner', invite: 'invited-matrix@e2e.test', orgAlias: 'matrix-org', projectAlias: 'matrix-project' } as const;

/*
 * ADD A ROW when a page gets a control that only some roles may use: the control and the permission
 * the API checks for what it does. Who has the permission is never written here: it comes from
 * src/auth/permissions.ts, like the API's answer.
 */
const CONTROLS: readonly (ControlPage & { readonly controls: readonly Control[] })[] = [
  {
    scope: 'org', path: '/members', heading: 'Members', opens: 'org.read', controls: [
      { role: 'button', name: 'Invite member', needs: 'org.members.manage' },
      { role: 'button', name: `Revoke the invite of ${TARGET.invite}`, needs: 'org.members.manage' },
      { role: 'combobox', name: `Role of ${TARGET.name}`, needs: 'org.members.manage' },
      { role: 'button', name: `Remove ${TARGET.name}`, needs: 'org.members.manage' },
      // A second owner's row: only owners grant or take the owner role (the API checks the same).
      { role: 'combobox', name: `Role of ${TARGET.owner}`, needs: 'org.owners.manage' },
      { role: 'button', name: `Remove ${TARGET.owner}`, needs: 'org.owners.manage' },
    ],
  },
  {
    scope: 'org', path: '/billing', heading: 'Billing', opens: 'org.billing.read', controls: [
      { role: 'button', name: 'Top up', needs: 'org.billing.manage' },
      { role: 'button', name: 'Edit thresholds', needs: 'org.billing.manage' },
    ],
  },
  {
    scope: 'org', path: '/billing?tab=payments', heading: 'Billing', opens: 'org.billing.read', controls: [
      // The owner's pending top-up.
      { role: 'button', name: 'Cancel', needs: 'org.billing.manage' },
    ],
  },
  {
    scope: 'org', path: '/billing?tab=ledger', heading: 'Billing', opens: 'org.billing.read', controls: [
      { role: 'link', name: 'Summary CSV', needs: 'org.billing.read' },
      { role: 'link', name: 'Detail CSV', needs: 'org.billing.read' },
    ],
  },
  {
    scope: 'org', path: '/billing?tab=statements', heading: 'Billing', opens: 'org.billing.read', controls: [
      { role: 'link', name: 'Download PDF', needs: 'org.billing.read' },
    ],
  },
  {
    // `?endpoint=` is filled in with the owner's endpoint.
    scope: 'org', path: '/webhooks?endpoint=', heading: 'Webhooks', opens: 'org.webhooks.manage', controls: [
      { role: 'button', name: 'Add endpoint', needs: 'org.webhooks.manage' },
      { role: 'button', name: 'Send test event', needs: 'org.webhooks.manage' },
      { role: 'button', name: 'Rotate secret', needs: 'org.webhooks.manage' },
      { role: 'button', name: 'Disable', needs: 'org.webhooks.manage' },
      { role: 'button', name: 'Delete', needs: 'org.webhooks.manage' },
    ],
  },
  {
    scope: 'org', path: '/settings', heading: 'Settings', opens: 'org.read', controls: [
      { role: 'button', name: 'Rename', needs: 'org.update' },
      { role: 'radio', name: 'Restricted', needs: 'org.update', check: 'enabled' },
      { role: 'button', name: 'Save allowed models', needs: 'org.update' },
      { role: 'button', name: 'Create alias', needs: 'org.aliases.manage' },
      { role: 'button', name: `Edit alias ${TARGET.orgAlias}`, needs: 'org.aliases.manage' },
      { role: 'button', name: `Delete alias ${TARGET.orgAlias}`, needs: 'org.aliases.manage' },
      { role: 'button', name: 'Create project', needs: 'project.create' },
    ],
  },
  // Read-only: it opens or not, and holds no control that changes anything.
  { scope: 'org', path: '/audit-log', heading: 'Audit log', opens: 'org.audit.read', controls: [] },
  {
    scope: 'project', path: '/keys', heading: 'API keys', opens: 'project.read', controls: [
      { role: 'button', name: 'Create key', needs: 'project.keys.manage' },
      // The demo key's row.
      { role: 'button', name: 'Disable', needs: 'project.keys.manage' },
      { role: 'button', name: 'Delete', needs: 'project.keys.manage' },
      // The disabled key's row.
      { role: 'button', name: 'Enable', needs: 'project.keys.manage' },
    ],
  },
  {
    scope: 'project', path: '/playground', heading: 'Playground', opens: 'project.playground.use', controls: [
      { role: 'button', name: 'Send', needs: 'project.playground.use' },
    ],
  },
  {
    scope: 'project', path: '/settings', heading: 'Project settings', opens: 'project.read', controls: [
      { role: 'button', name: 'Rename', needs: 'project.update' },
      { role: 'button', name: 'Save requests per minute', needs: 'project.limits.manage' },
      { role: 'button', name: 'Save tokens per minute', needs: 'project.limits.manage' },
      { role: 'button', name: 'Save monthly budget', needs: 'project.budget.manage' },
      { role: 'button', name: 'Create alias', needs: 'project.aliases.manage' },
      { role: 'button', name: `Edit alias ${TARGET.projectAlias}`, needs: 'project.aliases.manage' },
      { role: 'button', name: `Delete alias ${TARGET.projectAlias}`, needs: 'project.aliases.manage' },
      { role: 'button', name: 'Add to project', needs: 'project.members.manage' },
      { role: 'combobox', name: `Project role of ${TARGET.name}`, needs: 'project.members.manage' },
      { role: 'button', name: `Remove ${TARGET.name} from the project`, needs: 'project.members.manage' },
    ],
  },
];

/** A harmless call per ability the pages above read or act with, to check the API agrees with the table. */
const API_PROBES: Partial<Record<OrganizationAction, (orgId: string) => readonly [string, string, unknown?]>> = {
  read_billing: (orgId) => ['GET', `/api/orgs/${orgId}/billing/balance`],
  manage_billing: (orgId) => ['PATCH', `/api/orgs/${orgId}/billing/alerts`, {}],
  manage_webhooks: (orgId) => ['GET', `/api/orgs/${orgId}/webhooks`],
  read_audit_log: (orgId) => ['GET', `/api/orgs/${orgId}/audit-log`],
};

function orgAbilities(role: OrgRole): Record<OrganizationAction, boolean> {
  return abilitiesOf(organizationPolicy, new Set<Permission>(ORG_ROLE_PERMISSIONS[role]));
}

function projectAbilities(orgRole: OrgRole, projectRole: ProjectRole | null): Record<ProjectAction, boolean> {
  return abilitiesOf(projectPolicy, new Set<Permission>([...ORG_ROLE_PERMISSIONS[orgRole], ...(projectRole ? PROJECT_ROLE_PERMISSIONS[projectRole] : [])]));
}

/** The sidebar a person with these abilities must see, from the console's own page list. */
function expectedSidebar(org: Record<OrganizationAction, boolean>, project: Record<ProjectAction, boolean>): string[] {
  return [...ORG_PAGES.filter((p) => org[p.ability]).map((p) => p.label), ...PROJECT_PAGES.filter((p) => project[p.ability]).map((p) => p.label)];
}

/** Whether a control is on the page (and, for `enabled`, usable), once the page's data arrived. */
async function controlState(page: Page, control: Control): Promise<boolean> {
  const found = page.getByRole('main').getByRole(control.role, { name: control.name, exact: control.role !== 'radio' });
  if ((await found.count()) === 0) return false;
  return control.check === 'enabled' ? found.first().isEnabled() : true;
}

/** The buttons of a read-only page that are not navigation or filters (there should be none). */
async function writeButtons(page: Page): Promise<string[]> {
  const names = await page.getByRole('main').getByRole('button').evaluateAll((buttons) =>
    buttons.filter((b) => b.closest('form[aria-label="Filters"], nav, table') === null).map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()));
  return names.filter((name) => !/^(Load more|Show more|Next|Previous)/.test(name));
}

/*
 * For each of the six organization roles and three project roles: sign in as that role, and check
 * that the API's abilities, the navigation and the controls on each page are what the permission
 * table (src/auth/permissions.ts, through src/auth/policies/) grants, and that the API refuses
 * exactly what the table withholds.
 */
describeInBrowser('console role matrix', () => {
  let gateway: ConsoleGateway;
  let browser: ConsoleBrowser;
  let owner: PersonApi;

  const fixtures = { endpointId: '' };

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway(), launchBrowser()]);
    owner = await personApi(gateway, gateway.owner);
    // Something for every row control to act on: a member (also in the project), a pending invite,
    // a second owner, aliases, a webhook endpoint, a pending top-up and a disabled key; the demo key is already there.
    const target = await gateway.createPerson('developer', { name: TARGET.name });
    await gateway.createPerson('owner', { name: TARGET.owner });
    const targetId = ((await (await personApi(gateway, target))('GET', '/api/me')).body as { user: { id: string } }).user.id;
    const model = ((await owner('GET', `/api/orgs/${gateway.orgId}/models`)).body as { data: { id: string; kind: string }[] }).data.find((m) => m.kind === 'chat')!.id;
    const made = await Promise.all([
      owner('POST', `/api/projects/${gateway.projectId}/members`, { user_id: targetId, role: 'viewer' }),
      owner('POST', `/api/orgs/${gateway.orgId}/invites`, { email: TARGET.invite, role: 'viewer' }),
      owner('POST', `/api/orgs/${gateway.orgId}/model-aliases`, { name: TARGET.orgAlias, target: model }),
      owner('POST', `/api/projects/${gateway.projectId}/model-aliases`, { name: TARGET.projectAlias, target: model }),
      owner('POST', `/api/orgs/${gateway.orgId}/webhooks`, { url: 'https://hooks.example.test/matrix' }),
      owner('POST', `/api/orgs/${gateway.orgId}/billing/top-ups`, { amount_usd: '5.00' }),
      owner('POST', `/api/projects/${gateway.projectId}/api-keys`, { name: 'Matrix disabled key' }),
    ]);
    expect(made.map((r) => r.status), JSON.stringify(made.filter((r) => r.status >= 300))).toEqual([201, 201, 201, 201, 201, 201, 201]);
    fixtures.endpointId = (made[4]!.body as { id: string }).id;
    const disabledKey = (made[6]!.body as { id: string }).id;
    expect((await owner('PATCH', `/api/projects/${gateway.projectId}/api-keys/${disabledKey}`, { disabled: true })).status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  async function checkPerson(person: ConsolePerson, orgRole: OrgRole, projectRole: ProjectRole | null): Promise<string[]> {
    const org = orgAbilities(orgRole);
    const project = projectAbilities(orgRole, projectRole);
    // What the table grants on organization pages, and inside the project (the project role adds there only).
    const orgPermissions = new Set<Permission>(ORG_ROLE_PERMISSIONS[orgRole]);
    const projectPermissions = new Set<Permission>([...orgPermissions, ...(projectRole ? PROJECT_ROLE_PERMISSIONS[projectRole] : [])]);
    const failures: string[] = [];
    const api = await personApi(gateway, person);
    const me = (await api('GET', '/api/me')).body as { organizations: { id: string; abilities: unknown }[]; projects: { id: string; abilities: unknown }[] };
    expect(me.organizations.find((o) => o.id === gateway.orgId)?.abilities).toEqual(org);
    expect(me.projects.find((p) => p.id === gateway.projectId)?.abilities).toEqual(project);
    for (const [ability, probe] of Object.entries(API_PROBES) as [OrganizationAction, (orgId: string) => readonly [string, string, unknown?]][]) {
      const [method, path, body] = probe(gateway.orgId);
      const { status } = await api(method, path, body);
      if ((status === 403) === org[ability]) failures.push(`API ${method} ${path} answered ${status}, but the table says ${ability} = ${org[ability]}`);
    }

    const tab = await openTab(browser, gateway, { as: person });
    const { page } = tab;
    await page.goto(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}`);
    const sidebar = await sidebarPages(page);
    const wanted = expectedSidebar(org, project);
    if (sidebar.join(', ') !== wanted.join(', ')) failures.push(`sidebar shows [${sidebar.join(', ')}], the table allows [${wanted.join(', ')}]`);

    for (const spec of CONTROLS) {
      const granted = spec.scope === 'org' ? orgPermissions : projectPermissions;
      const base = spec.scope === 'org' ? `/console/orgs/${gateway.orgId}` : `/console/orgs/${gateway.orgId}/projects/${gateway.projectId}`;
      const path = spec.path.endsWith('?endpoint=') ? `${spec.path}${fixtures.endpointId}` : spec.path;
      await page.goto(`${base}${path}`);
      await expectVisible(page.getByRole('heading', { name: spec.heading, level: 1 }));
      if (!granted.has(spec.opens)) {
        await expectVisible(page.getByText('Your role does not include this page'));
        continue;
      }
      // Let the page's data arrive before looking for controls that depend on it.
      await page.waitForLoadState('networkidle');
      for (const control of spec.controls) {
        const shown = await controlState(page, control);
        const allowed = granted.has(control.needs);
        if (shown !== allowed) failures.push(`${spec.scope} ${spec.path}: ${control.role} "${control.name}" ${shown ? 'usable' : 'hidden or disabled'}, but the table says ${control.needs} = ${allowed}`);
      }
      if (spec.controls.length === 0) {
        const extra = await writeButtons(page);
        if (extra.length > 0) failures.push(`${spec.scope} ${spec.path} is read-only, but shows ${extra.join(', ')}`);
      }
    }
    failures.push(...tab.problems());
    await tab.close();
    return failures;
  }

  for (const role of ORG_ROLES) {
    it(`should show an organization ${role} what the permission table allows, and nothing more`, { timeout: 120_000 }, async () => {
      const person = role === 'owner' ? gateway.owner : await gateway.createPerson(role);
      expect(await checkPerson(person, role, null)).toEqual([]);
    });
  }

  for (const projectRole of PROJECT_ROLES) {
    it(`should add what a project ${projectRole} may do, inside that project only`, { timeout: 120_000 }, async () => {
      // A viewer of the organization: the least an organization role grants, so the project role shows.
      const person = await gateway.createPerson('viewer');
      const me = (await (await personApi(gateway, person))('GET', '/api/me')).body as { user: { id: string } };
      const added = await owner('POST', `/api/projects/${gateway.projectId}/members`, { user_id: me.user.id, role: projectRole });
      expect(added.status).toBe(201);
      expect(await checkPerson(person, 'viewer', projectRole)).toEqual([]);
    });
  }
});
