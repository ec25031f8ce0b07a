import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// happy-dom lacks matchMedia (Mantine reads it for the colour scheme and media queries).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Without Vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
