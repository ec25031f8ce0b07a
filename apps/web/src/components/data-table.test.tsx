import { LIST_COUNT_CAP, type ListResponse } from '@pgel/shared/schemas/list';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { stubScreenWidth } from '../test/screen-width';
import {
  DataTable,
  type DataTableColumn,
  foldColumns,
  type ListParams,
  listSearchParams,
  pageWindow,
  useListQuery,
} from './data-table';

describe('pageWindow', () => {
  it.each([
    // page, totalPages, pages, dotsBefore, dotsAfter
    [1, 1, [1], false, false],
    [1, 3, [1, 2, 3], false, false],
    [1, 5, [1, 2, 3, 4, 5], false, false],
    [1, 6, [1, 2, 3, 4, 5], false, true],
    [3, 6, [1, 2, 3, 4, 5], false, true],
    [4, 6, [2, 3, 4, 5, 6], true, false],
    [6, 6, [2, 3, 4, 5, 6], true, false],
    [10, 20, [8, 9, 10, 11, 12], true, true],
    [19, 20, [16, 17, 18, 19, 20], true, false],
    [99, 20, [16, 17, 18, 19, 20], true, false],
  ])('page %i of %i shows %j', (page, total, pages, dotsBefore, dotsAfter) => {
    expect(pageWindow(page, total)).toEqual({ pages, dotsBefore, dotsAfter });
  });
});

describe('listSearchParams', () => {
  it('sends sort only with its order and leaves out an empty search', () => {
    expect(listSearchParams({ page: 2, pageSize: 5, order: 'asc' }).toString()).toBe('page=2&pageSize=5');
    expect(
      listSearchParams({ page: 1, pageSize: 10, search: 'ann', sort: 'name', order: 'desc' }).toString(),
    ).toBe('page=1&pageSize=10&search=ann&sort=name&order=desc');
  });
});

type Person = { id: string; name: string };
const PEOPLE: Person[] = Array.from({ length: 57 }, (_, i) => ({ id: `p${i + 1}`, name: `Person ${i + 1}` }));

/** A fake server: filters by name, pages, like the real list helper. */
function fakeList(params: ListParams): Promise<ListResponse<Person>> {
  const search = params.search?.toLowerCase();
  const rows = search ? PEOPLE.filter((p) => p.name.toLowerCase().includes(search)) : PEOPLE;
  const start = (params.page - 1) * params.pageSize;
  return Promise.resolve({
    items: rows.slice(start, start + params.pageSize),
    total: rows.length,
    page: params.page,
    pageSize: params.pageSize,
  });
}

function PeopleList({
  fetcher,
  fixedPageSize,
}: {
  fetcher: (params: ListParams) => Promise<ListResponse<Person>>;
  fixedPageSize?: boolean;
}) {
  const list = useListQuery<Person>({ queryKey: ['people'], queryFn: (params) => fetcher(params) });
  return (
    <DataTable
      fixedPageSize={fixedPageSize}
      label="People"
      rowKey={(p) => p.id}
      columns={[
        { key: 'no', header: 'S.No.', cell: (_p, n) => n },
        { key: 'name', header: 'Name', cell: (p) => p.name, sortKey: 'name' },
      ]}
      {...list.tableProps}
    />
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('row')
    .slice(1);

describe('DataTable with useListQuery', () => {
  it('pages through the server data and keeps page and size in the URL', async () => {
    const fetcher = vi.fn(fakeList);
    const { router } = renderWithApp(<PeopleList fetcher={fetcher} />, { initialUrl: '/people' });

    await screen.findByText('Person 1');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 57 entries')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: 'Page 6' })).toBeNull();
    expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, pageSize: 10 }));

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Person 11');
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('11')).toBeTruthy(); // the S.No. column counts across pages

    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await screen.findByText('Person 57');
    expect(bodyRows()).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 1' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    await screen.findByText('Person 1');
    expect(router.state.location.search).toBe(''); // page 1 is the default: left out
  });

  it('shows a capped total as "10,000+" and still pages to its last page', async () => {
    // A list that counts at most LIST_COUNT_CAP rows answers the cap when more match.
    const capped = (params: ListParams) =>
      fakeList(params).then((page) => ({ ...page, total: LIST_COUNT_CAP }));
    const { router } = renderWithApp(<PeopleList fetcher={capped} />, { initialUrl: '/people' });
    await screen.findByText('Person 1');
    expect(screen.getByText('Showing 1 to 10 of 10,000+ entries')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await screen.findByRole('button', { name: 'Page 1000' });
    expect(router.state.location.search).toBe('?page=1000');
  });

  it('reads the page size from the URL and changes it from the select', async () => {
    const { router } = renderWithApp(<PeopleList fetcher={fakeList} />, {
      initialUrl: '/people?pageSize=20&page=3',
    });
    await screen.findByText('Person 41');
    expect(bodyRows()).toHaveLength(17);
    expect(screen.getByText('Showing 41 to 57 of 57 entries')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '5' } });
    await screen.findByText('Person 5');
    expect(bodyRows()).toHaveLength(5);
    expect(new URLSearchParams(router.state.location.search).get('pageSize')).toBe('5');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
  });

  it('offers no page-size choice on a table fixed at 10 rows', async () => {
    renderWithApp(<PeopleList fetcher={fakeList} fixedPageSize />, { initialUrl: '/people' });
    await screen.findByText('Person 10');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).toBeNull();
  });

  it('searches after a pause and says No Data Found when nothing matches', async () => {
    const fetcher = vi.fn(fakeList);
    const { router } = renderWithApp(<PeopleList fetcher={fetcher} />, { initialUrl: '/people?page=2' });
    await screen.findByText('Person 11');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Person 5' } });
    await screen.findByText('Person 50', {}, { timeout: 2000 });
    expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'Person 5', page: 1 }));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('Person 5');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'nobody' } });
    await screen.findByText('No Data Found', {}, { timeout: 2000 });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('goes back to the last page when the URL asks for one past the end', async () => {
    const { router } = renderWithApp(<PeopleList fetcher={fakeList} />, { initialUrl: '/people?page=40' });
    await screen.findByText('Person 51');
    expect(router.state.location.search).toBe('?page=6');
  });
});

type Entry = { id: string; topic: string; date: string; remark: string; status: string };
const ENTRIES: Entry[] = [
  { id: 'e1', topic: 'ECG basics', date: '20-11-2026', remark: 'Well presented', status: 'Pending' },
  { id: 'e2', topic: 'Heart failure', date: '21-11-2026', remark: 'Needs sources', status: 'Approved' },
];

function EntriesList({ onOpen }: { onOpen?: (entry: Entry) => void }) {
  return (
    <DataTable<Entry>
      label="Entries"
      rowKey={(e) => e.id}
      columns={[
        { key: 'sr', header: 'SR', cell: (_e, n) => n },
        { key: 'topic', header: 'Topic', cell: (e) => e.topic },
        { key: 'date', header: 'Date', cell: (e) => e.date, fold: true },
        { key: 'remark', header: 'Remark', cell: (e) => e.remark, card: 'hidden', fold: true },
        { key: 'status', header: 'Status', cell: (e) => e.status, sticky: 'end', card: 'status' },
        {
          key: 'action',
          header: 'Action',
          cell: (e) => <button type="button">Delete {e.topic}</button>,
          sticky: 'end',
        },
      ]}
      data={{ items: ENTRIES, total: 2, page: 1, pageSize: 10 }}
      params={{ page: 1, pageSize: 10, order: 'asc' }}
      onPageChange={() => {}}
      onPageSizeChange={() => {}}
      onSearchChange={() => {}}
      onRowClick={onOpen}
    />
  );
}

describe('DataTable on a phone and on a desktop', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each row as a card at 390 px: title, key fields, status and actions; no table', () => {
    stubScreenWidth(390);
    const onOpen = vi.fn();
    renderWithApp(<EntriesList onOpen={onOpen} />);
    expect(screen.queryByRole('table', { name: 'Entries' })).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Entries' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    // The first plain column is the heading; the next ones are "label: value" lines.
    expect(within(first).getByText('ECG basics')).toBeTruthy();
    expect(within(first).getByText('Date').tagName).toBe('DT');
    expect(within(first).getByText('20-11-2026').tagName).toBe('DD');
    expect(within(first).getByText('Pending')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Delete ECG basics' })).toBeTruthy();
    // Left out: the row number and what the column asked to hide.
    expect(within(first).queryByText('Well presented')).toBeNull();
    expect(within(first).queryByText('SR')).toBeNull();
    fireEvent.click(first);
    expect(onOpen).toHaveBeenCalledWith(ENTRIES[0]);
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeTruthy();
  });

  it('keeps the table at 1366 px, with Status and Action pinned to its right edge', () => {
    stubScreenWidth(1366);
    renderWithApp(<EntriesList />);
    expect(screen.queryByRole('list', { name: 'Entries' })).toBeNull();
    const table = screen.getByRole('table', { name: 'Entries' });
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Status').hasAttribute('data-sticky-end')).toBe(true);
    expect(header('Status').style.right).toBe('var(--data-table-end-0, 0px)');
    expect(header('Action').style.right).toBe('var(--data-table-end-1, 0px)');
    expect(header('Remark').hasAttribute('data-sticky-end')).toBe(false);
    const statusCell = within(table).getByRole('cell', { name: 'Approved' });
    expect(statusCell.hasAttribute('data-sticky-end')).toBe(true);
  });
});

describe('DataTable at a laptop width: no sideways scrolling (issue 28)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('folds only the columns marked to fold, last first; never the others, however narrow', () => {
    const column = (key: string, fold?: boolean, sticky?: 'end'): DataTableColumn<Entry> => ({
      key,
      header: key,
      cell: () => key,
      fold,
      sticky,
    });
    const columns = [
      { ...column('sr'), width: 56 },
      column('title'),
      column('author', true),
      column('certified'),
      column('journal', true),
      column('teacher', true),
      column('status', undefined, 'end'),
      column('action', undefined, 'end'),
    ];
    // Seven flexible columns of 120 and the row number: 896 px wanted.
    const minWidth = 56 + 7 * 120;
    expect(foldColumns(columns, 1000, minWidth).folded).toEqual(new Set());
    expect([...foldColumns(columns, 800, minWidth).folded]).toEqual(['teacher', 'journal']);
    expect([...foldColumns(columns, 100, minWidth).folded]).toEqual(['teacher', 'journal', 'author']);
    // Nothing folds while the width is unknown; a measured overflow folds one more.
    expect(foldColumns(columns, 0, minWidth).folded.size).toBe(0);
    expect([...foldColumns(columns, 1000, minWidth, 1).folded]).toEqual(['teacher']);
    // The table then asks for what is left and the details toggle.
    expect(foldColumns(columns, 800, minWidth).width).toBe(896 - 240 + 44);
  });

  it("shows the folded columns in the row's details, one tap away", () => {
    stubScreenWidth(1366);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(520);
    renderWithApp(<EntriesList />);
    const table = screen.getByRole('table', { name: 'Entries' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['More', 'SR', 'Topic', 'Status', 'Action']);
    expect(within(table).queryByText('Well presented')).toBeNull();
    const toggle = within(table).getByRole('button', { name: 'Show more of row 1' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const shown = within(table).getByRole('button', { name: 'Hide more of row 1' });
    expect(shown.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(shown.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(details).getByText('Remark').tagName).toBe('DT');
    expect(within(details).getByText('Well presented').tagName).toBe('DD');
    expect(within(details).getByText('20-11-2026').tagName).toBe('DD');
    // The second row stays closed.
    expect(within(table).queryByText('Needs sources')).toBeNull();
  });

  it('keeps every column where they fit', () => {
    stubScreenWidth(1366);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    renderWithApp(<EntriesList />);
    const table = screen.getByRole('table', { name: 'Entries' });
    expect(within(table).getByRole('columnheader', { name: 'Remark' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /more of row/ })).toBeNull();
  });
});
