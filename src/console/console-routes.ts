import { accessTokenRoutes } from './access-tokens/routes.js';
import { apiKeyRoutes } from './api-keys/routes.js';
import { auditLogRoutes } from './audit-log/routes.js';
import { billingBalanceRoutes } from './billing-balance/routes.js';
import { billingReportRoutes } from './billing-reports/routes.js';
import type { ConsoleRoute } from './internal/route.js';
import { inviteRoutes } from './invites/routes.js';
import { limitRoutes } from './limits/routes.js';
import { modelAliasRoutes } from './model-aliases/routes.js';
import { modelRoutes } from './models/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { orgMemberRoutes } from './org-members/routes.js';
import { organizationRoutes } from './organizations/routes.js';
import { overviewRoutes } from './overview/routes.js';
import { paymentRoutes } from './payments/routes.js';
import { playgroundRoutes } from './playground/routes.js';
import { projectMemberRoutes } from './project-members/routes.js';
import { projectRoutes } from './projects/routes.js';
import { requestRoutes } from './requests/routes.js';
import { sessionRoutes } from './sessions/routes.js';
import { usageRoutes } from './usage/routes.js';
import { webhookRoutes } from './webhooks/routes.js';

/** Every console route, in documentation order: the route table the plugin, OpenAPI and tests read. */
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  ...sessionRoutes,
  ...accessTokenRoutes,
  ...notificationRoutes,
  ...organizationRoutes,
  ...orgMemberRoutes,
  ...inviteRoutes,
  ...projectRoutes,
  ...projectMemberRoutes,
  ...apiKeyRoutes,
  ...modelRoutes,
  ...modelAliasRoutes,
  ...limitRoutes,
  ...playgroundRoutes,
  ...requestRoutes,
  ...usageRoutes,
  ...overviewRoutes,
  ...billingBalanceRoutes,
  ...billingReportRoutes,
  ...paymentRoutes,
  ...auditLogRoutes,
  ...webhookRoutes,
];
