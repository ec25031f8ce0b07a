import type { ListResponse } from '@pgel/shared/schemas/list';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { DataTable, type ListParams, listSearchParams, pageWindow, useListQuery } from './data-table';

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

function PeopleList({ fetcher }: { fetcher: (params: ListParams) => Promise<ListResponse<Person>> }) {
  const list = useListQuery<Person>({ queryKey: ['people'], queryFn: (params) => fetcher(params) });
  return (
    <DataTable
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

  it('reads the page size from the URL and changes it from the select', async () => {
    const { router } = renderWithApp(<PeopleList fetcher={fakeList} />, {
      initialUrl: '/people?pageSize=20&page=3',
    });
    await screen.findByText('Person 41');
    expect(bodyRows()).toHaveLength(17);
    expect(screen.getByText('Showing 41 to 57 of 57 entries')).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    fireEvent.click(await screen.findByRole('option', { name: '5', hidden: true }));
    await screen.findByText('Person 5');
    expect(bodyRows()).toHaveLength(5);
    expect(new URLSearchParams(router.state.location.search).get('pageSize')).toBe('5');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
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
