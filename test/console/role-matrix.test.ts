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

/** A control on an organization page, and the ability (of the permission table's policy) that must show it. */
interface OrgControl {
  /** The page's path under `/console/orgs/{orgId}`. */
  readonly path: string;
  /** The control's accessible name (a button). */
  readonly button: string;
  readonly ability: OrganizationAction;
}

/*
 * ADD A ROW when a page gets a control that only some roles may use. The expected answer is never
 * written here: it comes from src/auth/permissions.ts through the policies, like the API's.
 */
const ORG_CONTROLS: readonly OrgControl[] = [
  { path: '/billing', button: 'Top up', ability: 'manage_billing' },
  { path: '/billing', button: 'Edit thresholds', ability: 'manage_billing' },
  { path: '/webhooks', button: 'Add endpoint', ability: 'manage_webhooks' },
  { path: '/members', button: 'Invite member', ability: 'manage_members' },
  { path: '/settings', button: 'Rename', ability: 'update' },
];

/** A control on a project page (path under `/console/orgs/{orgId}/projects/{projectId}`). */
interface ProjectControl {
  readonly path: string;
  readonly label: string;
  readonly button: string;
  readonly ability: ProjectAction;
}

/* ADD A ROW for each project page control that only some roles may use. */
const PROJECT_CONTROLS: readonly ProjectControl[] = [
  { path: '/keys', label: 'API keys', button: 'Create key', ability: 'manage_keys' },
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

/** Whether a button is on the page, once the page's heading shows. */
async function hasButton(page: Page, name: string): Promise<boolean> {
  return (await page.getByRole('main').getByRole('button', { name, exact: true }).count()) > 0;
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

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startConsoleGateway(), launchBrowser()]);
    owner = await personApi(gateway, gateway.owner);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  async function checkPerson(person: ConsolePerson, org: Record<OrganizationAction, boolean>, project: Record<ProjectAction, boolean>): Promise<string[]> {
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

    for (const path of [...new Set(ORG_CONTROLS.map((c) => c.path))]) {
      const navPage = ORG_PAGES.find((p) => p.path === path)!;
      await page.goto(`/console/orgs/${gateway.orgId}${path}`);
      await expectVisible(page.getByRole('heading', { name: navPage.label, level: 1 }));
      if (!org[navPage.ability]) {
        await expectVisible(page.getByText('Your role does not include this page'));
        continue;
      }
      // Let the page's data arrive before looking for controls that depend on it.
      await page.waitForLoadState('networkidle');
      for (const control of ORG_CONTROLS.filter((c) => c.path === path)) {
        const shown = await hasButton(page, control.button);
        if (shown !== org[control.ability]) failures.push(`${path}: "${control.button}" ${shown ? 'shown' : 'hidden'}, but the table says ${control.ability} = ${org[control.ability]}`);
      }
    }
    for (const control of PROJECT_CONTROLS) {
      await page.goto(`/console/orgs/${gateway.orgId}/projects/${gateway.projectId}${control.path}`);
      await expectVisible(page.getByRole('heading', { name: control.label, level: 1 }));
      await page.waitForLoadState('networkidle');
      const shown = await hasButton(page, control.button);
      if (shown !== project[control.ability]) failures.push(`project ${control.path}: "${control.button}" ${shown ? 'shown' : 'hidden'}, but the table says ${control.ability} = ${project[control.ability]}`);
    }
    failures.push(...tab.problems());
    await tab.close();
    return failures;
  }

  for (const role of ORG_ROLES) {
    it(`should show an organization ${role} what the permission table allows, and nothing more`, { timeout: 120_000 }, async () => {
      const person = role === 'owner' ? gateway.owner : await gateway.createPerson(role);
      expect(await checkPerson(person, orgAbilities(role), projectAbilities(role, null))).toEqual([]);
    });
  }

  for (const projectRole of PROJECT_ROLES) {
    it(`should add what a project ${projectRole} may do, inside that project only`, { timeout: 120_000 }, async () => {
      // A viewer of the organization: the least an organization role grants, so the project role shows.
      const person = await gateway.createPerson('viewer');
      const me = (await (await personApi(gateway, person))('GET', '/api/me')).body as { user: { id: string } };
      const added = await owner('POST', `/api/projects/${gateway.projectId}/members`, { user_id: me.user.id, role: projectRole });
      expect(added.status).toBe(201);
      expect(await checkPerson(person, orgAbilities('viewer'), projectAbilities('viewer', projectRole))).toEqual([]);
    });
  }
});
