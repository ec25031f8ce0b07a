import { useCallback, useLayoutEffect } from 'react';
import {
  createSearchParams,
  type NavigateOptions,
  type SetURLSearchParams,
  useLocation,
  useSearchParams,
} from 'react-router';

// React Router's `setSearchParams(fn)` hands `fn` the search params of the render it came from,
// and a change reaches the next render only after a navigation (a transition). So two writers in
// quick succession (a row clicked, then the debounced search box fires) each start from the old
// address, and the second undoes the first (the entry's detail closed by itself). Every writer
// goes through here instead: `fn` gets the address as last asked for, even before it renders.

/** Search strings asked for and not yet rendered, oldest first. */
let requested: string[] = [];
/** The location last seen rendered (its key), so several hooks record one render once. */
let seenKey: string | undefined;
let seenSearch = '';

/** The search params the app last asked for, or else those on screen. */
function latestSearch(rendered: string): string {
  return requested.at(-1) ?? (seenKey === undefined ? rendered : seenSearch);
}

/**
 * `useSearchParams` whose functional update builds on every earlier update, like React's
 * `setState`, from any component: the list's search, page and sort, a page's filters and the
 * open entry (`?record=`) all share one address.
 */
export function useLiveSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();

  useLayoutEffect(() => {
    if (location.key === seenKey) return;
    seenKey = location.key;
    seenSearch = location.search;
    const index = requested.indexOf(location.search);
    // One of ours arrived: it and the older ones are done. Anything else (Back, a link) starts over.
    requested = index === -1 ? [] : requested.slice(index + 1);
  }, [location.key, location.search]);

  const setLive = useCallback<SetURLSearchParams>(
    (next, options?: NavigateOptions) => {
      const base = new URLSearchParams(latestSearch(location.search));
      const params = createSearchParams(typeof next === 'function' ? next(base) : next);
      const search = params.size > 0 ? `?${params}` : '';
      requested.push(search);
      setSearchParams(params, options);
    },
    [location.search, setSearchParams],
  );

  return [searchParams, setLive];
}
