import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTE_PATHS } from './console-route-paths.js';
import { CONSOLE_ROUTES } from './console-routes.js';

describe('CONSOLE_ROUTE_PATHS', () => {
  it('should list exactly the routes of the route table, in order (the plugin registers these at start)', () => {
    // On failure, paste the received list into console-route-paths.ts.
    expect(CONSOLE_ROUTE_PATHS.map(([method, url]) => `${method} ${url}`)).toEqual(CONSOLE_ROUTES.map((route) => `${route.method} ${route.url}`));
  });
});
