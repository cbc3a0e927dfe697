import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { cursorListOptions } from '../../api/cursor-list';
import type { ApiBody, ApiItem, ApiResponse } from '../../api/types';
import { meQuery } from '../shell/queries';

/** An organization with its settings (project access, allowed models). */
export type Organization = ApiResponse<'/api/orgs/{orgId}', 'get'>;
/** A model alias (organization or project). */
export type ModelAlias = ApiItem<'/api/orgs/{orgId}/model-aliases'>;
/** A project of the organization. */
export type Project = ApiItem<'/api/orgs/{orgId}/projects'>;
/** A project's rate limits and monthly budget. */
export type ProjectLimits = ApiResponse<'/api/projects/{projectId}/limits', 'get'>;
/** A member of a project. */
export type ProjectMember = ApiItem<'/api/projects/{projectId}/members'>;
/** A project role as the API names it. */
export type ProjectRole = ApiBody<'/api/projects/{projectId}/members', 'post'>['role'];

const PAGE = 50;

/** One organization's settings. */
export function orgQuery(orgId: string) {
  return queryOptions({ queryKey: ['orgs', orgId], queryFn: () => unwrap(api.GET('/api/orgs/{orgId}', { params: { path: { orgId } } })) });
}

/** The projects of the organization the person reaches, oldest first. */
export function projectsList(orgId: string) {
  return cursorListOptions(['orgs', orgId, 'projects'], (cursor) =>
    unwrap(api.GET('/api/orgs/{orgId}/projects', { params: { path: { orgId }, query: { limit: PAGE, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** Every organization alias (the list is small; pages are fetched until the end, for resolving project aliases). */
export function orgAliasesList(orgId: string) {
  return cursorListOptions(['orgs', orgId, 'model-aliases'], (cursor) =>
    unwrap(api.GET('/api/orgs/{orgId}/model-aliases', { params: { path: { orgId }, query: { limit: 100, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** A project's aliases, oldest first. */
export function projectAliasesList(projectId: string) {
  return cursorListOptions(['projects', projectId, 'model-aliases'], (cursor) =>
    unwrap(api.GET('/api/projects/{projectId}/model-aliases', { params: { path: { projectId }, query: { limit: 100, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** A project's limits and budget. */
export function limitsQuery(projectId: string) {
  return queryOptions({ queryKey: ['projects', projectId, 'limits'], queryFn: () => unwrap(api.GET('/api/projects/{projectId}/limits', { params: { path: { projectId } } })) });
}

/** A project's members, oldest first. */
export function projectMembersList(projectId: string) {
  return cursorListOptions(['projects', projectId, 'members'], (cursor) =>
    unwrap(api.GET('/api/projects/{projectId}/members', { params: { path: { projectId }, query: { limit: PAGE, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** A mutation that refreshes what it changed, and `/api/me` when names or reach change. */
function useChange<Input, Output>(fn: (input: Input) => Promise<Output>, keys: readonly QueryKey[], refreshMe = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })), ...(refreshMe ? [queryClient.invalidateQueries({ queryKey: meQuery.queryKey, exact: true })] : [])]),
  });
}

/** Rename the organization. */
export function useRenameOrg(orgId: string) {
  return useChange((name: string) => unwrap(api.PATCH('/api/orgs/{orgId}', { params: { path: { orgId } }, body: { name } })), [['orgs', orgId]], true);
}

/** Convert a personal organization into a company one. */
export function useConvertOrg(orgId: string) {
  return useChange((body: ApiBody<'/api/orgs/{orgId}/convert', 'post'>) => unwrap(api.POST('/api/orgs/{orgId}/convert', { params: { path: { orgId } }, body })), [['orgs', orgId]], true);
}

/** Open or restrict project access. */
export function useSetProjectAccess(orgId: string) {
  return useChange(
    (mode: Organization['project_access']) => unwrap(api.PUT('/api/orgs/{orgId}/project-access', { params: { path: { orgId } }, body: { mode } })),
    [['orgs', orgId]],
    true,
  );
}

/** Replace the allowed models (empty: every model). */
export function useSetAllowedModels(orgId: string) {
  return useChange((models: string[]) => unwrap(api.PUT('/api/orgs/{orgId}/allowed-models', { params: { path: { orgId } }, body: { models } })), [['orgs', orgId]]);
}

/** Create a project. */
export function useCreateProject(orgId: string) {
  return useChange((name: string) => unwrap(api.POST('/api/orgs/{orgId}/projects', { params: { path: { orgId } }, body: { name } })), [['orgs', orgId, 'projects']], true);
}

/** Rename a project. */
export function useRenameProject(orgId: string, projectId: string) {
  return useChange((name: string) => unwrap(api.PATCH('/api/projects/{projectId}', { params: { path: { projectId } }, body: { name } })), [['orgs', orgId, 'projects']], true);
}

/** Where aliases live: the organization or one project. */
export type AliasScope = { readonly kind: 'org'; readonly orgId: string } | { readonly kind: 'project'; readonly projectId: string };

/** The list key of a scope's aliases. */
export function aliasesKey(scope: AliasScope): QueryKey {
  return scope.kind === 'org' ? ['orgs', scope.orgId, 'model-aliases'] : ['projects', scope.projectId, 'model-aliases'];
}

/** Create an alias in a scope. */
export function useCreateAlias(scope: AliasScope) {
  return useChange(
    (body: ApiBody<'/api/orgs/{orgId}/model-aliases', 'post'>) =>
      scope.kind === 'org'
        ? unwrap(api.POST('/api/orgs/{orgId}/model-aliases', { params: { path: { orgId: scope.orgId } }, body }))
        : unwrap(api.POST('/api/projects/{projectId}/model-aliases', { params: { path: { projectId: scope.projectId } }, body })),
    [aliasesKey(scope)],
  );
}

/** Change an alias's name or target. */
export function useUpdateAlias(scope: AliasScope) {
  return useChange(
    ({ aliasId, body }: { readonly aliasId: string; readonly body: ApiBody<'/api/orgs/{orgId}/model-aliases/{aliasId}', 'patch'> }) =>
      scope.kind === 'org'
        ? unwrap(api.PATCH('/api/orgs/{orgId}/model-aliases/{aliasId}', { params: { path: { orgId: scope.orgId, aliasId } }, body }))
        : unwrap(api.PATCH('/api/projects/{projectId}/model-aliases/{aliasId}', { params: { path: { projectId: scope.projectId, aliasId } }, body })),
    [aliasesKey(scope)],
  );
}

/** Delete an alias. */
export function useDeleteAlias(scope: AliasScope) {
  return useChange(
    (aliasId: string) =>
      scope.kind === 'org'
        ? unwrap(api.DELETE('/api/orgs/{orgId}/model-aliases/{aliasId}', { params: { path: { orgId: scope.orgId, aliasId } } }))
        : unwrap(api.DELETE('/api/projects/{projectId}/model-aliases/{aliasId}', { params: { path: { projectId: scope.projectId, aliasId } } })),
    [aliasesKey(scope)],
  );
}

/** Set or clear rpm/tpm. */
export function useUpdateLimits(projectId: string) {
  return useChange(
    (body: ApiBody<'/api/projects/{projectId}/limits', 'patch'>) => unwrap(api.PATCH('/api/projects/{projectId}/limits', { params: { path: { projectId } }, body })),
    [['projects', projectId, 'limits']],
  );
}

/** Set or clear the monthly budget. */
export function useSetBudget(projectId: string) {
  return useChange(
    (budget: string | null) => unwrap(api.PUT('/api/projects/{projectId}/budget', { params: { path: { projectId } }, body: { budget_usd: budget } })),
    [['projects', projectId, 'limits']],
  );
}

/** Add an organization member to a project with a project role. */
export function useAddProjectMember(projectId: string) {
  return useChange(
    (body: ApiBody<'/api/projects/{projectId}/members', 'post'>) => unwrap(api.POST('/api/projects/{projectId}/members', { params: { path: { projectId } }, body })),
    [['projects', projectId, 'members']],
  );
}

/** Change a project role. */
export function useChangeProjectRole(projectId: string) {
  return useChange(
    ({ userId, role }: { readonly userId: string; readonly role: ProjectRole }) =>
      unwrap(api.PATCH('/api/projects/{projectId}/members/{userId}', { params: { path: { projectId, userId } }, body: { role } })),
    [['projects', projectId, 'members']],
  );
}

/** Remove a project member. */
export function useRemoveProjectMember(projectId: string) {
  return useChange(
    (userId: string) => unwrap(api.DELETE('/api/projects/{projectId}/members/{userId}', { params: { path: { projectId, userId } } })),
    [['projects', projectId, 'members']],
  );
}

/** The organization's members, for picking whom to add to a project. */
export function orgMembersList(orgId: string) {
  return cursorListOptions(['orgs', orgId, 'members'], (cursor) =>
    unwrap(api.GET('/api/orgs/{orgId}/members', { params: { path: { orgId }, query: { limit: PAGE, ...(cursor ? { cursor } : {}) } } })),
  );
}
