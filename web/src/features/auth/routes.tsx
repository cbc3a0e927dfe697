import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';

/** Search params of the sign-in and sign-up pages. */
export interface SignInSearch {
  /** Console path to return to afterwards (`/me?tab=tokens`); checked by `safeRedirect`. */
  readonly redirect?: string;
  /** `expired`: the session ended while the person was working. */
  readonly reason?: 'expired';
}

function signInSearch(search: Record<string, unknown>): SignInSearch {
  return {
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    ...(search.reason === 'expired' ? { reason: 'expired' as const } : {}),
  };
}

/** `/console/sign-in?redirect=...`. */
export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in',
  validateSearch: signInSearch,
  component: lazyRouteComponent(() => import('./sign-in-page'), 'SignInPage'),
});

/** `/console/sign-up?redirect=...`. */
export const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-up',
  validateSearch: (search: Record<string, unknown>): Pick<SignInSearch, 'redirect'> => (typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
  component: lazyRouteComponent(() => import('./sign-up-page'), 'SignUpPage'),
});

/** `/console/sign-out`: ends the session on arrival. */
export const signOutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-out',
  component: lazyRouteComponent(() => import('./sign-out-page'), 'SignOutPage'),
});

/** `/console/invite#tf_inv_...`. */
export const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'invite',
  component: lazyRouteComponent(() => import('./accept-invite-page'), 'AcceptInvitePage'),
});
