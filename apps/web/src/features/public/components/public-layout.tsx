import { Box } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import classes from './public-layout.module.css';

/**
 * A new public page starts at its top (the router keeps the old scroll position otherwise);
 * a link to a section (/#contact) is scrolled by the landing page itself.
 */
function useScrollToTopOnNavigation() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page, not per hash change.
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname]);
}

/** The frame of every public page: header, one `main` landmark and the footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  useScrollToTopOnNavigation();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <PublicHeader />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <PublicFooter />
    </Box>
  );
}
