import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../shell/routes';

/** Search params of the Models page: the search text and the model whose details are open. */
export interface ModelsSearch {
  readonly q?: string;
  readonly model?: string;
}

function modelsSearch(search: Record<string, unknown>): ModelsSearch {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value.slice(0, 200) : undefined);
  const q = text(search.q);
  const model = text(search.model);
  return { ...(q ? { q } : {}), ...(model ? { model } : {}) };
}

/** `/orgs/$orgId/models?q=gpt&model=openai/gpt-4o`: the catalogue as the organization sees it. */
export const orgModelsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'models',
  validateSearch: modelsSearch,
  component: lazyRouteComponent(() => import('./models-page'), 'ModelsPage'),
});
