import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Flex,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Skeleton,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback, useId } from '@mantine/hooks';
import {
  LIST_COUNT_CAP,
  type ListQuery,
  type ListResponse,
  NO_DATA_TEXT,
  PAGE_SIZES,
  PAGE_WINDOW,
} from '@pgel/shared/schemas/list';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronRight,
  IconChevronUp,
  IconSearch,
  IconSelector,
} from '@tabler/icons-react';
import {
  type CSSProperties,
  Fragment,
  type ReactNode,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { errorMessage } from '../lib/api-client';
import classes from './data-table.module.css';
import { type CardRole, DataCards } from './data-table-cards';
import { useCardLayout } from './use-card-layout';

export type { CardRole } from './data-table-cards';

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
  /**
   * `end`: the column stays in view at the table's right edge (beside the later sticky ones)
   * while the other columns scroll sideways beneath it: a row's status and actions. Until the
   * table is scrolled to it, it waits at the edge; then it sits in its own place.
   */
  sticky?: 'end';
  /** Its place on a phone's card (see CardRole); unset, the table's conventions decide. */
  card?: CardRole;
  /** The card's label for a field whose header is not plain text (or should read otherwise). */
  cardLabel?: string;
  /**
   * The column may fold into each row's details (one tap) where the table is too wide for its
   * box (issue 28). Only plain values are marked: never a heading, status, switch or button, which
   * the user acts on in the row itself. Marked columns fold last first.
   */
  fold?: boolean;
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
  /**
   * The width the columns want together (what each column's share of it comes to, or its own
   * `width`). Where the table's box is narrower, its less important columns fold into each row's
   * details (`foldColumns`) instead of the table scrolling sideways (issue 28).
   */
  minWidth?: number;
  onRowClick?: (row: T) => void;
  /** What an empty list says; 'No Data Found' unless a screen has its own words. */
  emptyText?: ReactNode;
  /**
   * The row gone through with the keyboard (issue 30), by `rowKey`: marked current, tinted and
   * outlined, and focused (so a screen reader reads it) each time it becomes current. Tables
   * only; a phone's cards have none.
   */
  activeRowKey?: string | null;
  /**
   * Always the default 10 rows, with no page-size choice (spec 03 section 9: the institution, DRP,
   * college, competency, skill and specialty tables).
   */
  fixedPageSize?: boolean;
};

/**
 * Keeps the `sticky: 'end'` cells side by side: each one's `right` is the width of the sticky
 * cells after it, measured from the header and kept current as they resize.
 */
function useStickyEndOffsets(table: HTMLTableElement | null, signature: string) {
  useLayoutEffect(() => {
    if (!table || signature === '') return;
    const cells = Array.from(table.querySelectorAll<HTMLElement>(':scope > thead th[data-sticky-end]'));
    const update = () => {
      let right = 0;
      for (let i = cells.length - 1; i >= 0; i -= 1) {
        table.style.setProperty(`--data-table-end-${i}`, `${right}px`);
        right += cells[i]?.getBoundingClientRect().width ?? 0;
      }
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    for (const cell of cells) observer.observe(cell);
    return () => observer.disconnect();
  }, [table, signature]);
}

/** The class, data attributes and offset of a sticky cell (nothing for an ordinary one). */
function stickyProps(stickyIndex: number) {
  if (stickyIndex < 0) return {};
  return {
    className: classes.stickyEnd,
    'data-sticky-end': true,
    'data-sticky-first': stickyIndex === 0 ? true : undefined,
    style: { right: `var(--data-table-end-${stickyIndex}, 0px)` } satisfies CSSProperties,
  };
}

/** The least a column without a width of its own is given when the page's estimate is smaller. */
const MIN_COLUMN_WIDTH = 90;
/** The details toggle's column. */
const TOGGLE_WIDTH = 44;

/**
 * Which columns fold into a row's details so the table fits `available` pixels without scrolling
 * sideways (issue 28: the publications table was 1,800 px in a 1,012 px card). Each column wants
 * its `width`, or an even share of what `minWidth` leaves; while they want more than there is,
 * the columns marked `fold` fold, last first. `extra` folds that many more (the table measured
 * wider than estimated). Nothing folds while `available` is unknown (0).
 */
export function foldColumns<T>(
  columns: readonly DataTableColumn<T>[],
  available: number,
  minWidth: number,
  extra = 0,
): { folded: ReadonlySet<string>; width: number } {
  const fixed = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);
  const flexible = columns.filter((c) => typeof c.width !== 'number').length;
  const share = flexible === 0 ? 0 : Math.max(MIN_COLUMN_WIDTH, (minWidth - fixed) / flexible);
  const want = (c: DataTableColumn<T>) => (typeof c.width === 'number' ? c.width : share);
  let width = columns.reduce((sum, c) => sum + want(c), 0);
  const folded = new Set<string>();
  if (available <= 0) return { folded, width };
  const order = columns.filter((c) => c.fold && c.sticky !== 'end').reverse();
  let extraLeft = extra;
  for (const column of order) {
    const fits = width <= available;
    if (fits && extraLeft <= 0) break;
    if (fits) extraLeft -= 1;
    if (folded.size === 0) width += TOGGLE_WIDTH;
    folded.add(column.key);
    width -= want(column);
  }
  return { folded, width };
}

/**
 * The width of an element, read before the first paint and again whenever it is resized (0
 * until it is on the page), so a table is drawn folded to fit from the start.
 */
function useBoxWidth(measure: boolean): [(node: HTMLDivElement | null) => void, number] {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    // Cards (a phone) fold nothing: no width to read, and reading it here would make the browser
    // lay the whole page out inside React's commit, a long task on a phone (issue 29).
    if (!node || !measure) return;
    setWidth(node.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(node.clientWidth));
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, measure]);
  return [setNode, width];
}

/** The element that scrolls the table sideways (Mantine's scroll container around it). */
function scrollBoxOf(table: HTMLElement | null): HTMLElement | null {
  let box = table?.parentElement ?? null;
  for (let i = 0; box && i < 3; i += 1, box = box.parentElement) {
    if (getComputedStyle(box).overflowX !== 'visible') return box;
  }
  return null;
}

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

/**
 * The total as the footer shows it: a list that counts at most LIST_COUNT_CAP rows (issue 16)
 * answers the cap when more match, which reads "10,000+" rather than an exact-looking figure.
 */
export function totalText(total: number): string {
  return total >= LIST_COUNT_CAP ? `${LIST_COUNT_CAP.toLocaleString('en-IN')}+` : String(total);
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
  data: dataNow,
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
  fixedPageSize = false,
  activeRowKey = null,
}: DataTableProps<T>) {
  // The rows arriving are drawn in a transition, in slices a tap can interrupt (issue 29): a
  // page of cards is the biggest render of most pages, and the query's own update would draw
  // it in one long task. Until then the skeleton stays (never a flash of "No Data Found").
  const data = useDeferredValue(dataNow);
  const isDrawingRows = dataNow !== undefined && data === undefined;
  const total = data?.total ?? 0;
  const rows = data?.items ?? [];
  const totalPages = pageCount(total, params.pageSize);
  const firstRow = (params.page - 1) * params.pageSize;
  const hasError = error !== undefined && error !== null;

  const isCards = useCardLayout();
  const tableId = useId();
  const [tableElement, setTableElement] = useState<HTMLTableElement | null>(null);
  // The box the table lives in, and how many columns fold into each row's details to fit it.
  const [boxRef, available] = useBoxWidth(!isCards);
  const [extraFolds, setExtraFolds] = useState({ available, count: 0 });
  const extra = extraFolds.available === available ? extraFolds.count : 0;
  const fold = foldColumns(columns, isCards ? 0 : available, minWidth, extra);
  const shown = columns.filter((column) => !fold.folded.has(column.key));
  const hidden = columns.filter((column) => fold.folded.has(column.key));
  const [openRows, setOpenRows] = useState<ReadonlySet<string>>(new Set());
  const toggleRow = (key: string) =>
    setOpenRows((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  // Wider content than the estimate (a long word, a row of buttons): one more column folds, until
  // the table fits or nothing is left to fold. Measured before the paint, so it never flickers.
  const scrollBox = scrollBoxOf(tableElement);
  useLayoutEffect(() => {
    if (isCards || !scrollBox || available <= 0) return;
    const isOver = scrollBox.scrollWidth > scrollBox.clientWidth + 1;
    const canFoldMore = foldColumns(columns, available, minWidth, extra + 1).folded.size > fold.folded.size;
    if (isOver && canFoldMore) setExtraFolds({ available, count: extra + 1 });
  });
  const stickyKeys = shown.filter((column) => column.sticky === 'end').map((column) => column.key);
  const stickyIndex = (key: string) => stickyKeys.indexOf(key);
  useStickyEndOffsets(isCards ? null : tableElement, stickyKeys.join(' '));

  // The current row takes the focus once it is drawn, each time another row becomes current.
  const focusedKey = useRef<string | null>(null);
  useEffect(() => {
    if (activeRowKey === null) {
      focusedKey.current = null;
      return;
    }
    if (isCards || !tableElement || focusedKey.current === activeRowKey) return;
    const row = Array.from(
      tableElement.querySelectorAll<HTMLElement>(':scope > tbody > tr[data-row-key]'),
    ).find((candidate) => candidate.dataset.rowKey === activeRowKey);
    if (!row) return;
    focusedKey.current = activeRowKey;
    row.focus({ preventScroll: true });
    row.scrollIntoView?.({ block: 'nearest' });
  });

  const sortBy = (sortKey: string) => {
    if (!onSortChange) return;
    const order: SortOrder = params.sort === sortKey && params.order === 'asc' ? 'desc' : 'asc';
    onSortChange(sortKey, order);
  };

  const hasDetails = hidden.length > 0;
  const columnCount = shown.length + (hasDetails ? 1 : 0);
  let body: ReactNode;
  if ((isLoading || isDrawingRows) && !data) {
    body = Array.from({ length: 3 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
      <Table.Tr key={i}>
        {hasDetails ? <Table.Td /> : null}
        {shown.map((column) => (
          <Table.Td key={column.key} {...stickyProps(stickyIndex(column.key))}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          <Text ta="center" c="dimmed" py="lg">
            {hasError ? errorMessage(error) : emptyText}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row, index) => {
      const key = rowKey(row);
      const rowNumber = firstRow + index + 1;
      const isOpen = hasDetails && openRows.has(key);
      const detailsId = `${tableId}-details-${index}`;
      return (
        <Fragment key={key}>
          <Table.Tr
            onClick={onRowClick ? () => onRowClick(row) : undefined}
            style={onRowClick ? { cursor: 'pointer' } : undefined}
            data-open={isOpen || undefined}
            data-row-key={key}
            {...(key === activeRowKey
              ? { 'data-active': true, 'aria-current': true, tabIndex: -1, 'data-shortcut-target': true }
              : {})}
          >
            {hasDetails ? (
              <Table.Td className={classes.toggleCell}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="md"
                  aria-expanded={isOpen}
                  aria-controls={isOpen ? detailsId : undefined}
                  aria-label={`${isOpen ? 'Hide' : 'Show'} more of row ${rowNumber}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    toggleRow(key);
                  }}
                >
                  {isOpen ? (
                    <IconChevronDown size={16} aria-hidden />
                  ) : (
                    <IconChevronRight size={16} aria-hidden />
                  )}
                </ActionIcon>
              </Table.Td>
            ) : null}
            {shown.map((column) => (
              <Table.Td key={column.key} ta={column.align} {...stickyProps(stickyIndex(column.key))}>
                {column.cell(row, rowNumber)}
              </Table.Td>
            ))}
          </Table.Tr>
          {isOpen ? (
            <Table.Tr className={classes.detailsRow} id={detailsId} data-details>
              <Table.Td colSpan={columnCount}>
                <dl className={classes.fields}>
                  {hidden.map((column) => (
                    <div key={column.key} style={{ display: 'contents' }}>
                      <dt>{column.cardLabel ?? column.header}</dt>
                      <dd>{column.cell(row, rowNumber)}</dd>
                    </div>
                  ))}
                </dl>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Fragment>
      );
    });
  }

  return (
    <Box pos="relative" ref={boxRef}>
      <Flex
        direction={{ base: 'column', xs: 'row' }}
        gap="sm"
        justify="space-between"
        align={{ base: 'stretch', xs: 'center' }}
        mb="sm"
      >
        <Group gap="xs" wrap="nowrap">
          {fixedPageSize ? null : (
            <>
              <Text size="sm" aria-hidden>
                Show
              </Text>
              {/* The phone's own picker, and nothing to place or measure while the page is drawn
                  (a Mantine Select keeps its hidden list in the page; issue 29). */}
              <NativeSelect
                aria-label="Rows per page"
                data={pageSizeOptions}
                value={String(params.pageSize)}
                onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
                size="sm"
                w={80}
              />
              <Text size="sm" aria-hidden>
                entries
              </Text>
            </>
          )}
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

      {isCards ? (
        <DataCards
          label={label}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          firstRow={firstRow}
          isLoading={(isLoading || isDrawingRows) && !data}
          emptyContent={
            <Text ta="center" c="dimmed" py="md">
              {hasError ? errorMessage(error) : emptyText}
            </Text>
          }
          onRowClick={onRowClick}
          dimmed={isFetching && Boolean(data)}
        />
      ) : (
        <Table.ScrollContainer minWidth={Math.min(minWidth, fold.width)} type="native">
          <Table
            id={tableId}
            className={classes.table}
            // A row's details sit under it: stripes would alternate between a row and its details.
            striped={!hasDetails}
            highlightOnHover={Boolean(onRowClick)}
            withTableBorder
            verticalSpacing="sm"
            ref={setTableElement}
            aria-label={label}
            aria-busy={isLoading || isFetching}
            style={{ opacity: isFetching && data ? 0.65 : 1, transition: 'opacity 120ms' }}
          >
            <Table.Thead>
              <Table.Tr>
                {hasDetails ? (
                  <Table.Th w={TOGGLE_WIDTH}>
                    <VisuallyHidden>More</VisuallyHidden>
                  </Table.Th>
                ) : null}
                {shown.map((column) => {
                  const isSorted = column.sortKey !== undefined && params.sort === column.sortKey;
                  return (
                    <Table.Th
                      key={column.key}
                      ta={column.align}
                      w={column.width}
                      {...stickyProps(stickyIndex(column.key))}
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
      )}

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
            Showing {firstRow + 1} to {Math.min(firstRow + rows.length, total)} of {totalText(total)} entries
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

export {
  listSearchParams,
  readListParams,
  type UseListQueryOptions,
  useListQuery,
} from './use-list-query';
