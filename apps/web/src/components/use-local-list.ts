import { DEFAULT_PAGE_SIZE } from '@pgel/shared/schemas/list';
import { useState } from 'react';
import { type DataTableProps, type ListParams, pageCount } from './data-table';

type LocalListProps<T> = Pick<
  DataTableProps<T>,
  'data' | 'params' | 'onPageChange' | 'onPageSizeChange' | 'onSearchChange' | 'isLoading'
>;

/**
 * A list the page already holds whole (a resident's months, one month's entries), paged here for
 * `DataTable` instead of on the server. Spread the answer into `DataTable` with `withSearch={false}`.
 */
export function useLocalList<T>(items: readonly T[] | undefined): LocalListProps<T> {
  const [params, setParams] = useState<ListParams>({ page: 1, pageSize: DEFAULT_PAGE_SIZE, order: 'asc' });
  const total = items?.length ?? 0;
  // A shorter list (a month chosen with fewer entries) keeps the page inside it.
  const page = Math.min(params.page, pageCount(total, params.pageSize));
  const first = (page - 1) * params.pageSize;
  return {
    data: items
      ? { items: items.slice(first, first + params.pageSize), total, page, pageSize: params.pageSize }
      : undefined,
    params: { ...params, page },
    onPageChange: (next) => setParams((current) => ({ ...current, page: next })),
    onPageSizeChange: (pageSize) => setParams((current) => ({ ...current, page: 1, pageSize })),
    onSearchChange: () => {},
    isLoading: items === undefined,
  };
}
