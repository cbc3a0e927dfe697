import { infiniteQueryOptions, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { Page } from './types';

/**
 * Query options of a cursor-paginated list: pages are fetched with the previous page's
 * `next_cursor` until it is null. Lists are never fetched unbounded.
 */
export function cursorListOptions<Item, Key extends QueryKey>(queryKey: Key, fetchPage: (cursor: string | undefined) => Promise<Page<Item>>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<Item>) => last.next_cursor ?? undefined,
  });
}

/** A cursor list as a table reads it: the rows so far and how to load the next page. */
export interface CursorList<Item> {
  /** Rows of every page loaded so far, in the API's order. */
  readonly rows: readonly Item[];
  /** First page still loading. */
  readonly isPending: boolean;
  /** The error of the last fetch, if it failed. */
  readonly error: Error | null;
  /** Another page exists. */
  readonly hasMore: boolean;
  /** A next page is being fetched. */
  readonly isLoadingMore: boolean;
  /** Fetch the next page. */
  loadMore(): void;
}

/** Read a cursor-paginated list built with {@link cursorListOptions}. */
export function useCursorList<Item, Key extends QueryKey>(options: ReturnType<typeof cursorListOptions<Item, Key>>): CursorList<Item> {
  const query = useInfiniteQuery(options);
  return {
    rows: query.data?.pages.flatMap((page) => page.data) ?? [],
    isPending: query.isPending,
    error: query.error,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
