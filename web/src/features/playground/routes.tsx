import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { projectRoute } from '../shell/routes';

/** Search params of the playground: the model, so a link opens it ready for that model. */
export interface PlaygroundSearch {
  readonly model?: string;
}

function playgroundSearch(search: Record<string, unknown>): PlaygroundSearch {
  return typeof search.model === 'string' && search.model !== '' ? { model: search.model.slice(0, 200) } : {};
}

/** `/orgs/$orgId/projects/$projectId/playground?model=...`: chat, billed to the project. */
export const projectPlaygroundRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'playground',
  validateSearch: playgroundSearch,
  component: lazyRouteComponent(() => import('./playground-page'), 'PlaygroundPage'),
});
