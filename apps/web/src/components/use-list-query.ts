import { DEFAULT_PAGE_SIZE, type ListResponse, PAGE_SIZES } from '@pgel/shared/schemas/list';
import { keepPreviousData, type NetworkMode, type QueryKey, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { afterFirstDraw } from '../lib/after-first-draw';
import { useLiveSearchParams } from '../lib/search-params';
import { type DataTableProps, type ListParams, pageCount, type SortOrder } from './data-table';

// useListQuery: the list's state in the URL, its data from TanStack Query (re-exported by
// data-table.tsx, where the lists import it from).

const SORT_NAME = /^[A-Za-z0-9_.]{1,50}$/;

/** Reads page, page size, search and sort from the URL, with defaults for anything missing or odd. */
export function readListParams(
  searchParams: URLSearchParams,
  names: ListParamNames,
  defaults: { sort?: string; order?: SortOrder } = {},
): ListParams {
  const rawPage = Number(searchParams.get(names.page));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 100_000 ? rawPage : 1;
  const rawSize = Number(searchParams.get(names.pageSize));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_PAGE_SIZE;
  const search = (searchParams.get(names.search) ?? '').trim().slice(0, 200);
  const rawSort = searchParams.get(names.sort);
  const sort = rawSort && SORT_NAME.test(rawSort) ? rawSort : defaults.sort;
  const rawOrder = searchParams.get(names.order);
  const order: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : (defaults.order ?? 'asc');
  return { page, pageSize, search: search === '' ? undefined : search, sort, order };
}

/** The list's query string for the API: `page=1&pageSize=10&search=…&sort=…&order=…`. */
export function listSearchParams(params: ListParams): URLSearchParams {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.search) query.set('search', params.search);
  if (params.sort) {
    query.set('sort', params.sort);
    query.set('order', params.order);
  }
  return query;
}

type ListParamNames = { page: string; pageSize: string; search: string; sort: string; order: string };

function paramNames(prefix: string | undefined): ListParamNames {
  const name = (key: string) => (prefix ? `${prefix}.${key}` : key);
  return {
    page: name('page'),
    pageSize: name('pageSize'),
    search: name('search'),
    sort: name('sort'),
    order: name('order'),
  };
}

export type UseListQueryOptions<T> = {
  /** Base key of the list (e.g. `['students', 'list']`); the params are appended to it. */
  queryKey: QueryKey;
  /** Fetches one page; `listSearchParams(params)` builds the API's query string. */
  queryFn: (params: ListParams, signal: AbortSignal) => Promise<ListResponse<T>>;
  /** Prefix of the URL parameters, for a page with two lists (`staff.page`, `staff.search`…). */
  paramPrefix?: string;
  defaultSort?: string;
  defaultOrder?: SortOrder;
  enabled?: boolean;
  /** 'offlineFirst' for a list that answers from the device with no network (issue 29). */
  networkMode?: NetworkMode;
};

/**
 * A server-side list whose page, page size, search and sort live in the URL (so reload, back and
 * shared links keep them) and whose data comes from TanStack Query, keeping the previous page on
 * screen while the next loads. Spread `tableProps` into `DataTable`.
 */
export function useListQuery<T>({
  queryKey,
  queryFn,
  paramPrefix,
  defaultSort,
  defaultOrder,
  enabled = true,
  networkMode,
}: UseListQueryOptions<T>) {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const names = useMemo(() => paramNames(paramPrefix), [paramPrefix]);
  const params = readListParams(searchParams, names, { sort: defaultSort, order: defaultOrder });

  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: async ({ signal }) => {
      await afterFirstDraw();
      return queryFn(params, signal);
    },
    placeholderData: keepPreviousData,
    enabled,
    networkMode,
  });

  /** Writes some params (null removes one); a default value is left out of the URL. */
  const update = useCallback(
    (changes: Partial<Record<keyof ListParamNames, string | null>>, replace = false) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes) as Array<
            [keyof ListParamNames, string | null]
          >) {
            if (value === null || value === '') next.delete(names[key]);
            else next.set(names[key], value);
          }
          if (next.get(names.page) === '1') next.delete(names.page);
          if (next.get(names.pageSize) === String(DEFAULT_PAGE_SIZE)) next.delete(names.pageSize);
          return next;
        },
        { replace },
      );
    },
    [setSearchParams, names],
  );

  const setPage = useCallback((page: number) => update({ page: String(page) }), [update]);
  const setPageSize = useCallback(
    (pageSize: number) => update({ pageSize: String(pageSize), page: null }),
    [update],
  );
  // Typing replaces the history entry: Back should not step through every search.
  const setSearch = useCallback((search: string) => update({ search, page: null }, true), [update]);
  const setSort = useCallback(
    (sort: string, order: SortOrder) => update({ sort, order, page: null }),
    [update],
  );

  // A page past the end (rows deleted, an old link): go to the last page that exists.
  const total = query.data?.total;
  const lastPage = total === undefined ? undefined : pageCount(total, params.pageSize);
  useEffect(() => {
    if (lastPage !== undefined && !query.isPlaceholderData && params.page > lastPage) {
      update({ page: String(lastPage) }, true);
    }
  }, [lastPage, params.page, query.isPlaceholderData, update]);

  const tableProps = {
    data: query.data,
    params,
    onPageChange: setPage,
    onPageSizeChange: setPageSize,
    onSearchChange: setSearch,
    onSortChange: setSort,
    isLoading: query.isPending && enabled,
    isFetching: query.isFetching,
    error: query.error ?? undefined,
    onRetry: () => void query.refetch(),
  } satisfies Partial<DataTableProps<T>>;

  return { params, query, setPage, setPageSize, setSearch, setSort, tableProps };
}
