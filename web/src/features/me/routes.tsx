import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../shell/routes';

/** The tabs of the account page. */
export const ME_TABS = ['profile', 'tokens', 'notifications'] as const;
/** One tab of the account page. */
export type MeTab = (typeof ME_TABS)[number];

/** Search params of `/me`: the open tab and, on notifications, whether only unread ones are listed. */
export interface MeSearch {
  readonly tab?: MeTab;
  readonly unread?: boolean;
}

function meSearch(search: Record<string, unknown>): MeSearch {
  const tab = ME_TABS.find((t) => t === search.tab);
  return { ...(tab && tab !== 'profile' ? { tab } : {}), ...(search.unread === true || search.unread === 'true' ? { unread: true } : {}) };
}

/** `/console/me?tab=tokens`: the person's account. */
export const meRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'me',
  validateSearch: meSearch,
  component: lazyRouteComponent(() => import('./me-page'), 'MePage'),
});
