import type { Page } from 'playwright-core';
import { expectVisible } from './expect-page.js';
import type { ConsoleGateway } from './gateway.js';

/** What a page of the registry needs from the test that visits it. */
export interface PageContext {
  readonly gateway: ConsoleGateway;
  /** Path of a pending invite link (`/console/invite#tf_inv_...`). */
  readonly invitePath: string;
  /** A settled request made with the demo key (`req_...`). */
  readonly requestId: string;
}

/** One state of one console page, visited by every-page.test.ts in both themes and at both widths. */
export interface ConsolePage {
  /** File name of its screenshots: `screenshots/<name>.<theme>.<viewport>.png`. */
  readonly name: string;
  /** `owner`: signed in as the demo owner; `anonymous`: signed out; `own-session`: a session the page may end (sign-out). */
  readonly as: 'owner' | 'anonymous' | 'own-session';
  readonly path: (ctx: PageContext) => string;
  /** Resolves once the page shows what it is for (not a spinner). */
  readonly ready: (page: Page) => Promise<void>;
  /** Brings the page into the state to check (open a dialog, submit a form); optional. */
  readonly act?: (page: Page) => Promise<void>;
}

const heading = (name: string) => (page: Page) => expectVisible(page.getByRole('heading', { name, level: 1 }));

/**
 * Every page of the console, and the states worth checking (dialogs open, errors shown). ADD YOUR
 * PAGE HERE: it then gets axe (no serious or critical violation) and screenshots, light and dark,
 * at 1280 and 375 px (and its widths at 1024 px), in CI and with `npm run screenshots`.
 */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { name: 'sign-in', as: 'anonymous', path: () => '/console/sign-in', ready: heading('Sign in') },
  {
    name: 'sign-in-error',
    as: 'anonymous',
    path: () => '/console/sign-in',
    ready: heading('Sign in'),
    act: async (page) => {
      await page.getByLabel('Email').fill('nobody@example.test');
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectVisible(page.getByRole('alert'));
    },
  },
  { name: 'sign-up', as: 'anonymous', path: () => '/console/sign-up', ready: heading('Create your account') },
  { name: 'sign-out', as: 'own-session', path: () => '/console/sign-out', ready: heading('You are signed out') },
  { name: 'invite-new-account', as: 'anonymous', path: (ctx) => ctx.invitePath, ready: heading('Join Demo') },
  { name: 'org-overview', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}`, ready: async (page) => expectVisible(page.getByRole('img', { name: /^Spend per day/ })) },
  { name: 'project-keys', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/projects/${ctx.gateway.projectId}/keys`, ready: async (page) => expectVisible(page.getByRole('table', { name: 'API keys' })) },
  {
    name: 'project-keys-created',
    as: 'owner',
    path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/projects/${ctx.gateway.projectId}/keys`,
    ready: async (page) => expectVisible(page.getByRole('table', { name: 'API keys' })),
    act: async (page) => {
      await page.getByRole('button', { name: 'Create key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an API key' });
      await dialog.getByLabel('Name').fill('Screenshot key');
      await dialog.getByLabel('Monthly budget (USD)').fill('25.00');
      await dialog.getByRole('button', { name: 'Create key' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'API key created' }));
    },
  },
  // Ready once the rows are in (the table shows while its rows load): every-page measures their width.
  { name: 'org-members', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/members`, ready: async (page) => expectVisible(page.getByRole('table', { name: 'Invites' }).getByText('screenshot@e2e.test')) },
  {
    name: 'org-members-invite-link',
    as: 'owner',
    path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/members`,
    ready: async (page) => expectVisible(page.getByRole('table', { name: 'Members' })),
    act: async (page) => {
      await page.getByRole('button', { name: 'Invite member' }).click();
      const dialog = page.getByRole('dialog', { name: /^Invite someone/ });
      await dialog.getByLabel('Email').fill(`shot-${Date.now()}-${Math.random().toString(36).slice(2)}@e2e.test`);
      await dialog.getByRole('button', { name: 'Send invite' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Invite created' }));
    },
  },
  { name: 'org-settings', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/settings`, ready: async (page) => expectVisible(page.getByRole('table', { name: 'Organization aliases' })) },
  { name: 'project-settings', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/projects/${ctx.gateway.projectId}/settings`, ready: async (page) => expectVisible(page.getByTestId('limit-budget_usd')) },
  { name: 'models', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/models`, ready: async (page) => expectVisible(page.getByRole('table', { name: 'Models' }).getByText('openai/gpt-4o-mini')) },
  { name: 'models-detail', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/models?model=openai%2Fgpt-3.5-turbo`, ready: async (page) => expectVisible(page.getByRole('dialog', { name: 'GPT-3.5 Turbo' })) },
  { name: 'playground', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/projects/${ctx.gateway.projectId}/playground`, ready: heading('Playground') },
  {
    // The screenshot setup blocks the project's tokens per minute (tpm 0): the gateway's refusal, in words.
    name: 'playground-refused',
    as: 'owner',
    path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/projects/${ctx.gateway.projectId}/playground?model=openai%2Fgpt-4o-mini`,
    ready: heading('Playground'),
    act: async (page) => {
      await page.getByLabel('User message').fill('Call the weather tool for Paris, then say hello');
      await page.getByLabel('Tools').check();
      await page.getByRole('button', { name: 'Send' }).click();
      await expectVisible(page.getByRole('alert').getByText(/Rate limit reached/));
    },
  },
  { name: 'org-audit-log', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/audit-log`, ready: async (page) => expectVisible(page.getByRole('table', { name: 'Audit log' }).getByRole('button').first()) },
  {
    name: 'org-audit-log-entry',
    as: 'owner',
    path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/audit-log?action=project_limits.update`,
    ready: async (page) => expectVisible(page.getByRole('table', { name: 'Audit log' })),
    act: async (page) => {
      await page.getByRole('table', { name: 'Audit log' }).getByRole('button', { name: 'Changed project rate limits' }).first().click();
      await expectVisible(page.getByRole('table', { name: 'Change' }));
    },
  },
  { name: 'billing-balance', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/billing`, ready: async (page) => expectVisible(page.getByRole('region', { name: 'Credit buckets' })) },
  {
    name: 'billing-top-up-started',
    as: 'owner',
    path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/billing`,
    ready: heading('Billing'),
    act: async (page) => {
      await page.getByRole('button', { name: 'Top up' }).click();
      await page.getByRole('dialog', { name: 'Top up the balance' }).getByLabel('Amount (USD)').fill('25.00');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Top-up started' }).getByRole('link', { name: /Open the payment page/ }));
    },
  },
  { name: 'billing-payments', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/billing?tab=payments`, ready: async (page) => expectVisible(page.getByRole('table', { name: 'Payments' })) },
  { name: 'billing-ledger', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/billing?tab=ledger`, ready: async (page) => expectVisible(page.getByRole('table', { name: 'Ledger', exact: true }).getByText('Grant')) },
  { name: 'billing-statements', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/billing?tab=statements`, ready: async (page) => expectVisible(page.getByRole('region', { name: /^Statement for / })) },
  { name: 'webhooks', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/webhooks`, ready: heading('Webhooks') },
  {
    name: 'webhooks-created',
    as: 'owner',
    path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/webhooks`,
    ready: heading('Webhooks'),
    act: async (page) => {
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await dialog.getByLabel('URL').fill('https://hooks.example.com/tf-gateway');
      await dialog.getByLabel('Description').fill('Billing alerts to the finance channel');
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Endpoint added' }));
    },
  },
  {
    name: 'webhooks-endpoint',
    as: 'owner',
    path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/webhooks`,
    ready: async (page) => expectVisible(page.getByRole('table', { name: 'Webhook endpoints' })),
    act: async (page) => {
      await page.getByRole('table', { name: 'Webhook endpoints' }).getByRole('link').first().click();
      await page.getByRole('button', { name: 'Send test event' }).click();
      await expectVisible(page.getByRole('table', { name: 'Deliveries' }));
    },
  },
  {
    name: 'webhooks-delivery',
    as: 'owner',
    path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/webhooks`,
    ready: async (page) => expectVisible(page.getByRole('table', { name: 'Webhook endpoints' })),
    act: async (page) => {
      await page.getByRole('table', { name: 'Webhook endpoints' }).getByRole('link').first().click();
      await page.getByRole('table', { name: 'Deliveries' }).getByRole('link', { name: /^evt_/ }).first().click();
      await expectVisible(page.getByRole('dialog', { name: /^Delivery whd_/ }).getByRole('region', { name: 'Payload' }));
    },
  },
  { name: 'project-requests', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/projects/${ctx.gateway.projectId}/requests`, ready: async (page) => expectVisible(page.getByRole('table', { name: 'Requests' })) },
  {
    name: 'project-request-drawer',
    as: 'owner',
    path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/projects/${ctx.gateway.projectId}/requests?request=${ctx.requestId}`,
    ready: async (page) => expectVisible(page.getByRole('table', { name: 'Cost by token class' })),
  },
  { name: 'project-usage', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/projects/${ctx.gateway.projectId}/usage?group=model`, ready: async (page) => expectVisible(page.getByRole('table', { name: 'Usage figures' })) },
  { name: 'org-usage', as: 'owner', path: (ctx) => `/console/orgs/${ctx.gateway.orgId}/usage?group=project&metric=requests`, ready: async (page) => expectVisible(page.getByRole('table', { name: 'Usage figures' })) },
  { name: 'me-profile', as: 'owner', path: () => '/console/me', ready: heading('Your account') },
  { name: 'me-tokens', as: 'owner', path: () => '/console/me?tab=tokens', ready: async (page) => expectVisible(page.getByRole('table', { name: 'Access tokens' }).getByText('Grafana')) },
  {
    name: 'me-tokens-created',
    as: 'owner',
    path: () => '/console/me?tab=tokens',
    ready: async (page) => expectVisible(page.getByRole('table', { name: 'Access tokens' })),
    act: async (page) => {
      await page.getByRole('button', { name: 'Create token' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an access token' });
      await dialog.getByLabel('Name').fill('Screenshot token');
      await dialog.getByRole('button', { name: 'Create token' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Access token created' }));
    },
  },
  { name: 'me-notifications', as: 'owner', path: () => '/console/me?tab=notifications', ready: async (page) => expectVisible(page.getByRole('table', { name: 'Notifications' })) },
  {
    name: 'notification-bell',
    as: 'owner',
    path: (ctx) => `/console/orgs/${ctx.gateway.orgId}`,
    ready: heading('Overview'),
    act: async (page) => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Notifications' }).getByRole('list'));
    },
  },
  {
    name: 'user-menu',
    as: 'owner',
    path: (ctx) => `/console/orgs/${ctx.gateway.orgId}`,
    ready: heading('Overview'),
    act: async (page) => {
      await page.getByRole('button', { name: /Account menu/ }).click();
      await expectVisible(page.getByRole('menu'));
    },
  },
];
