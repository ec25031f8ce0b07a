import {
  Alert,
  Box,
  Button,
  Flex,
  Group,
  Loader,
  Pagination,
  Select,
  Skeleton,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  DEFAULT_PAGE_SIZE,
  type ListQuery,
  type ListResponse,
  NO_DATA_TEXT,
  PAGE_SIZES,
  PAGE_WINDOW,
} from '@pgel/shared/schemas/list';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronUp,
  IconSearch,
  IconSelector,
} from '@tabler/icons-react';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { useLiveSearchParams } from '../lib/search-params';

/** How long the search box waits after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 400;

export type SortOrder = ListQuery['order'];

/** One column: a header and how to draw a row's cell. */
export type DataTableColumn<T> = {
  /** Unique within the table (React key). */
  key: string;
  header: ReactNode;
  /** `rowNumber` is the row's 1-based position across pages (for an "S.No." column). */
  cell: (row: T, rowNumber: number) => ReactNode;
  /** The server's sort name for this column; the header becomes a sort button when set. */
  sortKey?: string;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
};

/** Page, page size, search and sort of a list: the `ListQuery` the server reads. */
export type ListParams = ListQuery;

export type DataTableProps<T> = {
  /** Accessible name of the table (e.g. "Students"). */
  label: string;
  columns: DataTableColumn<T>[];
  rowKey: (row: T) => string;
  /** The current page from the server; undefined until the first answer. */
  data: ListResponse<T> | undefined;
  params: ListParams;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Called with the trimmed text, debounced. */
  onSearchChange: (search: string) => void;
  onSortChange?: (sort: string, order: SortOrder) => void;
  /** No data yet (first load): skeleton rows. */
  isLoading?: boolean;
  /** A newer page is on its way while the previous one stays visible. */
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  withSearch?: boolean;
  searchPlaceholder?: string;
  /** Extra controls beside the search box (filters, an Add button). */
  toolbar?: ReactNode;
  /** Width under which the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  onRowClick?: (row: T) => void;
  /** What an empty list says; 'No Data Found' unless a screen has its own words. */
  emptyText?: ReactNode;
};

/**
 * The page buttons to show: a window of `size` pages around the current one (spec 01 section 9:
 * a window of five pages), and whether pages are hidden before or after it (the ellipses).
 */
export function pageWindow(
  page: number,
  totalPages: number,
  size: number = PAGE_WINDOW,
): { pages: number[]; dotsBefore: boolean; dotsAfter: boolean } {
  const last = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), last);
  const first = Math.max(1, Math.min(current - Math.floor(size / 2), last - size + 1));
  const end = Math.min(last, first + size - 1);
  const pages = Array.from({ length: end - first + 1 }, (_, i) => first + i);
  return { pages, dotsBefore: first > 1, dotsAfter: end < last };
}

/** Number of pages for a total (at least one, so the pager always has a page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

const pageSizeOptions = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

function SearchBox({
  search,
  onSearchChange,
  placeholder,
}: {
  search: string;
  onSearchChange: (search: string) => void;
  placeholder: string;
}) {
  const [text, setText] = useState(search);
  const lastSent = useRef(search);
  const send = useDebouncedCallback((value: string) => {
    const trimmed = value.trim();
    if (trimmed === lastSent.current) return;
    lastSent.current = trimmed;
    onSearchChange(trimmed);
  }, SEARCH_DEBOUNCE_MS);

  // The URL changed from elsewhere (back button, a link): show what the list now searches for.
  useEffect(() => {
    if (search !== lastSent.current) {
      lastSent.current = search;
      setText(search);
    }
  }, [search]);

  return (
    <TextInput
      type="search"
      aria-label="Search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') send.flush();
      }}
      size="sm"
      w={{ base: '100%', xs: 260 }}
    />
  );
}

function SortHeader({
  children,
  active,
  order,
  onClick,
}: {
  children: ReactNode;
  active: boolean;
  order: SortOrder;
  onClick: () => void;
}) {
  const Icon = !active ? IconSelector : order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <UnstyledButton onClick={onClick} fw={600} fz="sm" style={{ display: 'inline-flex', gap: 4 }}>
      {children}
      <Icon size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
    </UnstyledButton>
  );
}

function Pager({
  page,
  totalPages,
  onPageChange,
  disabled,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}) {
  const { pages, dotsBefore, dotsAfter } = pageWindow(page, totalPages);
  return (
    <Pagination.Root
      total={totalPages}
      value={Math.min(page, totalPages)}
      onChange={onPageChange}
      size="sm"
      disabled={disabled}
    >
      <Group component="nav" aria-label="Pagination" gap={4} justify="center" wrap="wrap">
        <Pagination.First aria-label="First page" />
        <Pagination.Previous aria-label="Previous page" />
        {dotsBefore ? <Pagination.Dots aria-hidden /> : null}
        {pages.map((n) => (
          <Pagination.Control
            key={n}
            active={n === page}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPageChange(n)}
          >
            {n}
          </Pagination.Control>
        ))}
        {dotsAfter ? <Pagination.Dots aria-hidden /> : null}
        <Pagination.Next aria-label="Next page" />
        <Pagination.Last aria-label="Last page" />
      </Group>
    </Pagination.Root>
  );
}

/**
 * The one list of the app (spec 01 section 2.13): search box, page-size select (5/10/15/20,
 * default 10), first/previous/next/last with a window of five pages and ellipses, 'No Data Found'
 * when empty. Paging, search and sort happen on the server; pair it with `useListQuery`, whose
 * `tableProps` fill every data prop.
 */
export function DataTable<T>({
  label,
  columns,
  rowKey,
  data,
  params,
  onPageChange,
  onPageSizeChange,
  onSearchChange,
  onSortChange,
  isLoading = false,
  isFetching = false,
  error,
  onRetry,
  withSearch = true,
  searchPlaceholder = 'Search…',
  toolbar,
  minWidth = 640,
  onRowClick,
  emptyText = NO_DATA_TEXT,
}: DataTableProps<T>) {
  const total = data?.total ?? 0;
  const rows = data?.items ?? [];
  const totalPages = pageCount(total, params.pageSize);
  const firstRow = (params.page - 1) * params.pageSize;
  const hasError = error !== undefined && error !== null;

  const sortBy = (sortKey: string) => {
    if (!onSortChange) return;
    const order: SortOrder = params.sort === sortKey && params.order === 'asc' ? 'desc' : 'asc';
    onSortChange(sortKey, order);
  };

  let body: ReactNode;
  if (isLoading && !data) {
    body = Array.from({ length: 3 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
      <Table.Tr key={i}>
        {columns.map((column) => (
          <Table.Td key={column.key}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Text ta="center" c="dimmed" py="lg">
            {hasError ? errorMessage(error) : emptyText}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row, index) => (
      <Table.Tr
        key={rowKey(row)}
        onClick={onRowClick ? () => onRowClick(row) : undefined}
        style={onRowClick ? { cursor: 'pointer' } : undefined}
      >
        {columns.map((column) => (
          <Table.Td key={column.key} ta={column.align}>
            {column.cell(row, firstRow + index + 1)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  return (
    <Box pos="relative">
      <Flex
        direction={{ base: 'column', xs: 'row' }}
        gap="sm"
        justify="space-between"
        align={{ base: 'stretch', xs: 'center' }}
        mb="sm"
      >
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" aria-hidden>
            Show
          </Text>
          <Select
            aria-label="Rows per page"
            data={pageSizeOptions}
            value={String(params.pageSize)}
            onChange={(value) => value && onPageSizeChange(Number(value))}
            allowDeselect={false}
            size="sm"
            w={80}
            comboboxProps={{ withinPortal: true }}
          />
          <Text size="sm" aria-hidden>
            entries
          </Text>
          {isFetching && data ? <Loader size="xs" aria-label="Loading" /> : null}
        </Group>
        <Group gap="xs" wrap="wrap" justify="flex-end">
          {toolbar}
          {withSearch ? (
            <SearchBox
              search={params.search ?? ''}
              onSearchChange={onSearchChange}
              placeholder={searchPlaceholder}
            />
          ) : null}
        </Group>
      </Flex>

      {hasError && data ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mb="sm">
          <Group justify="space-between" gap="xs">
            <span>{errorMessage(error)}</span>
            {onRetry ? (
              <Button size="compact-sm" variant="white" color="red.8" onClick={onRetry}>
                Retry
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}

      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table
          striped
          highlightOnHover={Boolean(onRowClick)}
          withTableBorder
          verticalSpacing="sm"
          aria-label={label}
          aria-busy={isLoading || isFetching}
          style={{ opacity: isFetching && data ? 0.65 : 1, transition: 'opacity 120ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const isSorted = column.sortKey !== undefined && params.sort === column.sortKey;
                return (
                  <Table.Th
                    key={column.key}
                    ta={column.align}
                    w={column.width}
                    aria-sort={isSorted ? (params.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {column.sortKey && onSortChange ? (
                      <SortHeader
                        active={isSorted}
                        order={params.order}
                        onClick={() => column.sortKey && sortBy(column.sortKey)}
                      >
                        {column.header}
                      </SortHeader>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {hasError && !data && onRetry ? (
        <Group justify="center" mt="sm">
          <Button size="sm" variant="light" onClick={onRetry}>
            Retry
          </Button>
        </Group>
      ) : null}

      {total > 0 ? (
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          gap="sm"
          justify="space-between"
          align="center"
          mt="md"
        >
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {firstRow + 1} to {Math.min(firstRow + rows.length, total)} of {total} entries
          </Text>
          <Pager
            page={params.page}
            totalPages={totalPages}
            onPageChange={onPageChange}
            disabled={isLoading}
          />
        </Flex>
      ) : null}
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------
// useListQuery: the list's state in the URL, its data from TanStack Query.

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
}: UseListQueryOptions<T>) {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const names = useMemo(() => paramNames(paramPrefix), [paramPrefix]);
  const params = readListParams(searchParams, names, { sort: defaultSort, order: defaultOrder });

  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => queryFn(params, signal),
    placeholderData: keepPreviousData,
    enabled,
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
