import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLiveSearchParams } from './search-params';

/** Two writers of one address, as a report page has: the open entry and the list's search. */
function Writers({ live }: { live: boolean }) {
  const plain = useSearchParams();
  const fresh = useLiveSearchParams();
  const [searchParams, setSearchParams] = live ? fresh : plain;
  const set = (name: string, value: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set(name, value);
      return next;
    });
  return (
    <>
      <output>{searchParams.toString()}</output>
      <button
        type="button"
        onClick={() => {
          // A row opened, and in the same moment the debounced search box fires.
          set('record', 'r1');
          set('search', 'asha');
        }}
      >
        both
      </button>
    </>
  );
}

function renderAt(live: boolean) {
  const router = createMemoryRouter([{ path: '*', element: <Writers live={live} /> }], {
    initialEntries: ['/task/teaching?status=pending'],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useLiveSearchParams', () => {
  it('builds each update on the one before, even before it has rendered', async () => {
    const router = renderAt(true);
    fireEvent.click(screen.getByRole('button', { name: 'both' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('search')).toBe('asha'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('record')).toBe('r1');
    expect(params.get('status')).toBe('pending');
    expect(screen.getByRole('status').textContent).toContain('record=r1');
  });

  it('(React Router alone loses the first of two quick updates: the fault this guards against)', async () => {
    const router = renderAt(false);
    fireEvent.click(screen.getByRole('button', { name: 'both' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('search')).toBe('asha'));
    expect(new URLSearchParams(router.state.location.search).get('record')).toBeNull();
  });

  it('starts from the address on screen after a navigation of its own (a link, Back)', async () => {
    const router = renderAt(true);
    fireEvent.click(screen.getByRole('button', { name: 'both' }));
    await waitFor(() => expect(router.state.location.search).toContain('search=asha'));
    await router.navigate('/task/teaching?status=approved');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('status=approved'));
    fireEvent.click(screen.getByRole('button', { name: 'both' }));
    await waitFor(() => expect(router.state.location.search).toContain('search=asha'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('approved');
  });
});
