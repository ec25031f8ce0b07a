import { vi } from 'vitest';

/**
 * Pretends the screen is `width` px wide: `max-width` media queries (in em, 16 px each) match
 * when it is at most that wide. happy-dom has no layout; undo with `vi.unstubAllGlobals()`.
 */
export function stubScreenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const maxEm = /max-width:\s*([\d.]+)em/.exec(query)?.[1];
    return {
      matches: maxEm !== undefined && width <= Number(maxEm) * 16,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}
