import { projectKeysRoute } from '../features/api-keys/routes';
import { orgAuditLogRoute } from '../features/audit-log/routes';
import { inviteRoute, signInRoute, signOutRoute, signUpRoute } from '../features/auth/routes';
import { orgBillingRoute } from '../features/billing/routes';
import { meRoute } from '../features/me/routes';
import { orgMembersRoute } from '../features/members/routes';
import { orgModelsRoute } from '../features/models/routes';
import { orgOverviewRoute } from '../features/overview/routes';
import { projectPlaygroundRoute } from '../features/playground/routes';
import { projectRequestsRoute } from '../features/request-log/routes';
import { orgSettingsRoute, projectSettingsRoute } from '../features/settings/routes';
import { appIndexRoute, appRoute, orgRoute, projectIndexRoute, projectRoute } from '../features/shell/routes';
import { orgUsageRoute, projectUsageRoute } from '../features/usage/routes';
import { orgWebhooksRoute } from '../features/webhooks/routes';
import { rootRoute } from './root-route';

/**
 * Every page of the console, in one tree. A feature folder exports its routes; add them here
 * under the parent they belong to (signed out: root; signed in: app; per organization: org; per
 * project: project).
 */
export const routeTree = rootRoute.addChildren([
  signInRoute,
  signUpRoute,
  signOutRoute,
  inviteRoute,
  appRoute.addChildren([
    appIndexRoute,
    meRoute,
    orgRoute.addChildren([
      orgOverviewRoute,
      orgModelsRoute,
      orgUsageRoute,
      orgMembersRoute,
      orgBillingRoute,
      orgWebhooksRoute,
      orgAuditLogRoute,
      orgSettingsRoute,
      projectRoute.addChildren([projectIndexRoute, projectPlaygroundRoute, projectKeysRoute, projectRequestsRoute, projectUsageRoute, projectSettingsRoute]),
    ]),
  ]),
]);
