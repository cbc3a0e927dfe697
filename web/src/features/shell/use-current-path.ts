import { useRouterState } from '@tanstack/react-router';

/** The route pattern on screen (`/orgs/$orgId/billing`), to keep the page when switching scope. */
export function useCurrentPath(): string | undefined {
  const path = useRouterState({ select: (state) => state.matches[state.matches.length - 1]?.fullPath });
  // Index routes end with a slash (`/orgs/$orgId/`); the navigation names them without.
  return path && path.length > 1 ? path.replace(/\/$/, '') : path;
}
