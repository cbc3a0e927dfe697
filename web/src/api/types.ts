import type { paths } from './schema.gen';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessOf<R> = R extends Record<number | string, unknown> ? JsonOf<R[Extract<keyof R, 200 | 201>]> : never;

/** The JSON body a route answers on success: `ApiResponse<'/api/me', 'get'>`. */
export type ApiResponse<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R } ? SuccessOf<R> : never;

/** The JSON body a route takes: `ApiBody<'/api/me/access-tokens', 'post'>`. */
export type ApiBody<P extends keyof paths, M extends Method> = paths[P][M] extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

/** One item of a cursor-paginated list route: `ApiItem<'/api/me/access-tokens'>`. */
export type ApiItem<P extends keyof paths> = ApiResponse<P, 'get'> extends { data: readonly (infer Item)[] } ? Item : never;

/** One page of any list route (docs/console-api.md, Pagination). */
export interface Page<Item> {
  readonly data: readonly Item[];
  readonly next_cursor: string | null;
}
