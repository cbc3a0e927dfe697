import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isSessionExpired } from '../api/api-error';

declare module '@tanstack/react-query' {
  interface Register {
    /** `anonymousOk`: a 401 from this query is an answer (the page works signed out), not an expired session. */
    queryMeta: { readonly anonymousOk?: boolean };
    mutationMeta: { readonly anonymousOk?: boolean };
  }
}

/** Retry only what may succeed on a second try: network failures and 5xx, twice. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (failures >= 2) return false;
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/**
 * The one QueryClient. Any query or mutation refused with 401 `unauthenticated` (the session
 * expired or was ended elsewhere) calls `onSessionExpired`, which sends the person to sign-in
 * with a way back; pages never handle that case themselves.
 */
export function createQueryClient(onSessionExpired: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSessionExpired(error) && query.meta?.anonymousOk !== true) onSessionExpired();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isSessionExpired(error) && mutation.meta?.anonymousOk !== true) onSessionExpired();
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
