/** The methods a route may be asked for; a path's `allow` list is drawn from these. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The part of a Fastify instance this needs: its router's lookup of a concrete path. */
export interface RouteFinder {
  findRoute(options: { readonly method: string; readonly url: string }): unknown;
}

/**
 * The methods a path is served with: empty when no route has the path (a 404), else the `allow`
 * list of a 405. Called only for requests no route matched, so the lookups cost nothing on the hot path.
 */
export function allowedMethods(router: RouteFinder, url: string): string[] {
  const path = url.split('?')[0] ?? url;
  return METHODS.filter((method) => router.findRoute({ method, url: path }) !== null);
}
