import type { Kysely } from 'kysely';
import { GatewayError } from '../core/errors.js';
import type { Database } from '../store/schema.js';
import { findOrgRole, findProjectRole } from './membership-repository.js';
import { getOrgSettings } from '../tenancy/org-settings-repository.js';
import { getOrganization } from '../tenancy/organization-repository.js';
import { getProject, type ProjectRow } from '../tenancy/project-repository.js';
import {
  ORG_PERMISSIONS, ORG_ROLE_PERMISSIONS, PROJECT_ROLE_PERMISSIONS, SEES_EVERY_PROJECT, isOrgRole, isProjectRole,
  type OrgRole, type Permission, type ProjectRole,
} from './permissions.js';

/** Who is calling the console API. */
export type Actor =
  | { readonly kind: 'operator' }
  | {
      readonly kind: 'user';
      /** The person. */
      readonly userId: string;
      /** How they authenticated (cookie writes need the CSRF header). */
      readonly via: 'session' | 'access_token';
      /** Organization an access token is narrowed to; other organizations look missing. */
      readonly onlyOrgId: string | null;
      /** Session id (for sign-out), or null for a token. */
      readonly sessionId: string | null;
      /** When the access token used expires, ms (null: a session, or a token without expiry); tokens it creates may not outlive it. */
      readonly tokenExpiresAt: number | null;
    };

/** What the caller may do in one organization. */
export interface OrgAccess {
  /** Organization id. */
  readonly orgId: string;
  /** Caller's organization role, or null for the platform operator. */
  readonly role: OrgRole | null;
  /** Project-access mode of the organization. */
  readonly projectAccess: 'open' | 'restricted';
  /** Every permission the caller holds in the organization (project ones hold in reachable projects). */
  readonly permissions: ReadonlySet<Permission>;
}

/** What the caller may do in one project. */
export interface ProjectAccess extends OrgAccess {
  /** The project. */
  readonly project: ProjectRow;
  /** Caller's project role, or null. */
  readonly projectRole: ProjectRole | null;
}

const EVERYTHING: ReadonlySet<Permission> = new Set<Permission>([...ORG_PERMISSIONS, ...Object.values(PROJECT_ROLE_PERMISSIONS).flat()]);

function notFound(what: string, id: string): GatewayError {
  return new GatewayError('CONSOLE_NOT_FOUND', `No ${what} '${id}' exists, or you have no access to it.`);
}

function demand(permissions: ReadonlySet<Permission>, permission: Permission | null): void {
  if (permission !== null && !permissions.has(permission)) {
    throw new GatewayError('CONSOLE_FORBIDDEN', `Your role does not allow this action (needs '${permission}').`);
  }
}

/**
 * Resolve the caller's access to an organization and check one permission (null: membership only).
 * Not a member (or a token narrowed elsewhere) answers 404, so ids of other organizations leak nothing;
 * a member lacking the permission gets 403.
 */
export async function authorizeOrg(db: Kysely<Database>, actor: Actor, orgId: string, permission: Permission | null): Promise<OrgAccess> {
  const access = await resolveOrgAccess(db, actor, orgId);
  if (access === null) throw notFound('organization', orgId);
  demand(access.permissions, permission);
  return access;
}

/** Resolve the caller's access to a project (404 when unreachable) and check one permission. */
export async function authorizeProject(db: Kysely<Database>, actor: Actor, projectId: string, permission: Permission | null): Promise<ProjectAccess> {
  const access = await resolveProjectAccess(db, actor, projectId);
  if (access === null) throw notFound('project', projectId);
  demand(access.permissions, permission);
  return access;
}

/**
 * Check that the caller is the platform operator (`TF_ADMIN_TOKEN`), for actions no organization
 * role grants (confirming a manual payment). Anyone else gets 403.
 */
export function authorizeOperator(actor: Actor | null): asserts actor is Extract<Actor, { kind: 'operator' }> {
  if (actor?.kind !== 'operator') {
    throw new GatewayError('CONSOLE_FORBIDDEN', 'Only the platform operator (TF_ADMIN_TOKEN) may do this.');
  }
}

/** The caller's access to an organization, or null when they have none. */
export async function resolveOrgAccess(db: Kysely<Database>, actor: Actor, orgId: string): Promise<OrgAccess | null> {
  if (actor.kind === 'user' && actor.onlyOrgId !== null && actor.onlyOrgId !== orgId) return null;
  const org = await getOrganization(db, orgId);
  if (org === null) return null;
  const settings = await getOrgSettings(db, orgId);
  // A deleted (closed) organization is kept for billing and audit, visible only to the operator.
  if (settings.closedAt !== null && actor.kind !== 'operator') return null;
  if (actor.kind === 'operator') return { orgId, role: null, projectAccess: settings.projectAccess, permissions: EVERYTHING };
  const role = await findOrgRole(db, orgId, actor.userId);
  if (role === null || !isOrgRole(role)) return null;
  return { orgId, role, projectAccess: settings.projectAccess, permissions: new Set(ORG_ROLE_PERMISSIONS[role]) };
}

/** The caller's access to a project, or null when the project is missing or out of their reach. */
export async function resolveProjectAccess(db: Kysely<Database>, actor: Actor, projectId: string): Promise<ProjectAccess | null> {
  const project = await getProject(db, projectId);
  if (project === null) return null;
  const org = await resolveOrgAccess(db, actor, project.orgId);
  if (org === null) return null;
  const stored = actor.kind === 'user' ? await findProjectRole(db, projectId, actor.userId) : null;
  const projectRole = stored !== null && isProjectRole(stored) ? stored : null;
  return projectAccessFrom(org, project, projectRole);
}

/** Combine organization access and a project role into project access; null when the project is out of reach. */
export function projectAccessFrom(org: OrgAccess, project: ProjectRow, projectRole: ProjectRole | null): ProjectAccess | null {
  const reachable = org.role === null || SEES_EVERY_PROJECT.has(org.role) || org.projectAccess === 'open' || projectRole !== null;
  if (!reachable) return null;
  const permissions = new Set(org.permissions);
  if (projectRole !== null) for (const p of PROJECT_ROLE_PERMISSIONS[projectRole]) permissions.add(p);
  return { ...org, project, projectRole, permissions };
}

/** A resource's policy: each action it offers and the permission that action needs. */
export type Policy<Action extends string> = Readonly<Record<Action, Permission>>;

/** The caller's abilities on an object: each action of the policy, allowed or not (sent to the web console). */
export function abilitiesOf<Action extends string>(policy: Policy<Action>, permissions: ReadonlySet<Permission>): Record<Action, boolean> {
  const out = {} as Record<Action, boolean>;
  for (const action of Object.keys(policy) as Action[]) out[action] = permissions.has(policy[action]);
  return out;
}
