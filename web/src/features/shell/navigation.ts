import { Boxes, ChartColumn, CreditCard, FlaskConical, KeyRound, LayoutDashboard, Logs, ScrollText, Settings, Users, Webhook, type LucideIcon } from 'lucide-react';
import type { OrgAbilities, ProjectAbilities } from './queries';

/** A page of an organization, as the sidebar lists it. */
export interface OrgPage {
  /** The route (app/route-tree.ts). */
  readonly to: '/orgs/$orgId' | '/orgs/$orgId/models' | '/orgs/$orgId/usage' | '/orgs/$orgId/members' | '/orgs/$orgId/billing' | '/orgs/$orgId/webhooks' | '/orgs/$orgId/audit-log' | '/orgs/$orgId/settings';
  readonly label: string;
  readonly icon: LucideIcon;
  /** Whether the person sees the page, from the abilities the API reports (never from the role name). */
  readonly allowed: (abilities: OrgAbilities) => boolean;
  /** Set while the page is a placeholder: the issue that builds it. Remove it when the page lands. */
  readonly comingNext?: 13 | 14;
}

/** A page of a project, as the sidebar lists it. */
export interface ProjectPage {
  readonly to: '/orgs/$orgId/projects/$projectId/playground' | '/orgs/$orgId/projects/$projectId/keys' | '/orgs/$orgId/projects/$projectId/requests' | '/orgs/$orgId/projects/$projectId/usage' | '/orgs/$orgId/projects/$projectId/settings';
  readonly label: string;
  readonly icon: LucideIcon;
  readonly allowed: (abilities: ProjectAbilities) => boolean;
  readonly comingNext?: 13 | 14;
}

/** The organization's pages, in sidebar order. Add a page here and in app/route-tree.ts. */
export const ORG_PAGES: readonly OrgPage[] = [
  { to: '/orgs/$orgId', label: 'Overview', icon: LayoutDashboard, allowed: (a) => a.read },
  { to: '/orgs/$orgId/models', label: 'Models', icon: Boxes, allowed: (a) => a.read },
  { to: '/orgs/$orgId/usage', label: 'Usage', icon: ChartColumn, allowed: (a) => a.read_usage },
  { to: '/orgs/$orgId/members', label: 'Members', icon: Users, allowed: (a) => a.read },
  { to: '/orgs/$orgId/billing', label: 'Billing', icon: CreditCard, allowed: (a) => a.read_billing },
  { to: '/orgs/$orgId/webhooks', label: 'Webhooks', icon: Webhook, allowed: (a) => a.manage_webhooks },
  { to: '/orgs/$orgId/audit-log', label: 'Audit log', icon: ScrollText, allowed: (a) => a.read_audit_log },
  { to: '/orgs/$orgId/settings', label: 'Settings', icon: Settings, allowed: (a) => a.read },
];

/** The project's pages, in sidebar order. */
export const PROJECT_PAGES: readonly ProjectPage[] = [
  { to: '/orgs/$orgId/projects/$projectId/playground', label: 'Playground', icon: FlaskConical, allowed: (a) => a.use_playground },
  { to: '/orgs/$orgId/projects/$projectId/keys', label: 'API keys', icon: KeyRound, allowed: (a) => a.read },
  { to: '/orgs/$orgId/projects/$projectId/requests', label: 'Request log', icon: Logs, allowed: (a) => a.read_requests },
  { to: '/orgs/$orgId/projects/$projectId/usage', label: 'Usage', icon: ChartColumn, allowed: (a) => a.read_usage },
  { to: '/orgs/$orgId/projects/$projectId/settings', label: 'Settings', icon: Settings, allowed: (a) => a.read },
];
